// What other modules' pages use of files: adding a video.
export { AddVideoDialog } from "./add-video-dialog";
export { ActPicture } from "./act-picture";
