// What other modules' pages use of conversations: writing to an act.
export { MessageActDialog } from "./message-act-dialog";
