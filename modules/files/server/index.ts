// What other modules use of files: an upload of this user's, checked before a write keeps it.
export { requireUpload } from "./uploads";
export { listDocuments, managedActs } from "./documents";
