// What other modules' pages use of content: the dialogs that add and edit an act's photos, offerings,
// testimonials and review answers, and the list that reorders them.
export { AddImageDialog } from "./add-image-dialog";
export { OfferingDialog } from "./offering-dialog";
export { ReorderList } from "./reorder-list";
export { AnswerReviewDialog, EditAnswerDialog, RemoveReviewDialog } from "./review-dialogs";
export { TestimonialDialog } from "./testimonial-dialog";
