// What other modules use of files: an upload of this user's, checked before a write keeps it.
export { requireUpload } from "./uploads";
