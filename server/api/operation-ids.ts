/**
 * Every operation's name in the OpenAPI document, by "METHOD /path": what a generated client
 * calls its methods. Kept in one table so the names read as one vocabulary; a route added
 * without a name here fails `server/api/openapi-document.test.ts`.
 */
export const OPERATION_IDS: Record<string, string> = {
  "GET /me": "getMe",
  "POST /conversations/start/{actUrl}": "startConversation",
  "POST /shortlist/add/{actUrl}": "addToShortlist",
  "POST /shortlist/remove/{actUrl}": "removeFromShortlist",
  "GET /shortlist": "listShortlist",
  "POST /events/invite-acts/{eventUrl}": "requestQuotes",
  "POST /offers/decline/{offerId}": "declineOffer",
  "POST /invites/decline/{inviteId}": "declineInvite",
  "POST /offers/withdraw/{offerId}": "withdrawOffer",
  "POST /events/cancel/{eventUrl}": "cancelEvent",
  "POST /events/update/{eventUrl}": "updateEvent",
  "GET /conversations": "listConversations",
  "GET /conversations/{id}": "getConversation",
  "POST /conversations/{id}/messages": "postMessage",
  "GET /conversations/{id}/stream": "streamConversation",
  "GET /tags": "listTags",
  "GET /notifications": "listNotifications",
  "POST /notifications/read": "markNotificationsRead",
  "GET /notifications/settings": "getNotificationSettings",
  "POST /notifications/settings": "setNotificationSetting",
  "GET /places": "suggestPlaces",
  "GET /acts": "searchActs",
  "GET /acts/{actUrl}": "getActProfile",
  "POST /acts/create": "createAct",
  "POST /acts/update/{actUrl}": "updateAct",
  "POST /acts/submit-application/{actUrl}": "submitApplication",
  "POST /acts/set-status/{actUrl}": "setActStatus",
  "POST /acts/reassign/{actUrl}": "reassignAct",
  "POST /act/toggleFeature/{actUrl}": "toggleFeatured",
  "POST /acts/toggle-nationally-recognized/{actUrl}": "toggleNationallyRecognized",
  "POST /acts/toggle-internal-use-only/{actUrl}": "toggleInternalUseOnly",
  "POST /acts/edit-tags/{actUrl}": "editActTags",
  "POST /acts/request-to-update-tags/{actUrl}": "requestTagUpdate",
  "POST /acts/cancel-tag-update-request/{actUrl}": "cancelTagUpdateRequest",
  "POST /acts/accept-tag-update-request/{actUrl}": "acceptTagUpdateRequest",
  "POST /acts/decline-tag-update-request/{actUrl}": "declineTagUpdateRequest",
  "GET /acts/get-tag-update-requests/{actUrl}": "listTagUpdateRequests",
  "GET /entertainer-reviews/eligible-events-for-entertainer-review/{actUrl}": "listReviewableEvents",
  "POST /entertainer-reviews/add-entertainer-review/{actUrl}": "addReview",
  "POST /entertainer-reviews/delete-entertainer-review/{reviewId}": "deleteReview",
  "GET /users/artists": "listArtists",
  "POST /events/create": "createEvent",
  "GET /events": "listEvents",
  "GET /events/events-to-invite/{actUrl}": "listEventsToInvite",
  "POST /acts/invite-to-event/{actUrl}": "inviteToEvent",
  "GET /invites": "listInvites",
  "POST /offers/submit/{inviteId}": "submitOffer",
  "POST /offers/accept/{offerId}": "acceptOffer",
  "POST /invites/withdraw/{inviteId}": "withdrawInvite",
  "POST /testimonials/add-testimonial/{actUrl}": "addTestimonial",
  "POST /testimonials/edit-testimonial/{id}": "editTestimonial",
  "POST /testimonials/delete-testimonial/{id}": "deleteTestimonial",
  "POST /testimonials/order-testimonial": "orderTestimonials",
  "POST /packages/create/{actUrl}": "createOffering",
  "POST /packages/edit-package/{actUrl}/{packageId}": "editOffering",
  "POST /packages/soft-delete/{id}": "deleteOffering",
  "POST /packages/order-package": "orderOfferings",
  "GET /seo/entries": "listSeoEntries",
  "POST /seo/entries": "createSeoEntry",
  "GET /seo/entries/{id}": "getSeoEntry",
  "PUT /seo/entries/{id}": "replaceSeoEntry",
  "DELETE /seo/entries/{id}": "deleteSeoEntry",
  "GET /seo/guides": "listGuides",
  "POST /seo/guides": "createGuide",
  "GET /seo/guides/{slug}": "getGuide",
  "PUT /seo/guides/{slug}": "replaceGuide",
  "DELETE /seo/guides/{slug}": "deleteGuide",
  "POST /uploads": "uploadFile",
  "POST /images/create/{actUrl}": "addImage",
  "POST /images/delete/{actUrl}/{imageId}": "deleteImage",
  "GET /documents": "listDocuments",
  "POST /documents/create/{actUrl}": "addDocument",
  "POST /documents/delete/{id}": "deleteDocument",
  "POST /documents/approve/{id}": "approveDocument",
  "POST /documents/decline/{id}": "declineDocument",
  "POST /videos/upload-link/{actUrl}": "addVideoLink",
  "POST /videos/upload-complete/{uppyId}": "completeVideoUpload",
  "POST /videos/delete/{actUrl}/{videoId}": "deleteVideo",
};

type Paths = Record<string, Record<string, { operationId?: string }>>;

/** The document with each operation named from the table (a name a route set itself wins). */
export function withOperationIds<D extends { paths?: unknown }>(document: D): D {
  for (const [path, item] of Object.entries((document.paths ?? {}) as Paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operation.operationId ??= OPERATION_IDS[`${method.toUpperCase()} ${path}`];
    }
  }
  return document;
}
