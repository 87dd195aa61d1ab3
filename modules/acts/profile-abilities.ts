import type { ActProfile } from "./act-profile";
import * as can from "#domain/permissions";
import type { Viewer } from "#domain/permissions";

/** What the profile page offers this viewer, decided once from domain/permissions. */
export interface ProfileAbilities {
  manage: boolean;
  requestTagUpdate: boolean;
  admin: boolean;
  approve: boolean;
  decline: boolean;
  toggleFeatured: boolean;
  invite: boolean;
  addReview: boolean;
  deleteReview: boolean;
  answerReview: boolean;
  removeReviewAnswer: boolean;
  signUpToBook: boolean;
  priceEstimateNote: boolean;
  showVideos: boolean;
  showDocuments: boolean;
  liveChat: boolean;
}

/** `eligibleReviewEvents`: how many of the planner's events let them review this act. */
export function profileAbilities(viewer: Viewer | null, act: ActProfile, eligibleReviewEvents = 0): ProfileAbilities {
  // The profile tells us whether the viewer manages the act without exposing the manager's id.
  const access: can.ActAccess = {
    managerId: act.viewer.isManager && viewer ? viewer.id : null,
    active: act.active,
    internal_use_only: act.internal_use_only,
  };
  const admin = can.canSeeAdminInfo(viewer);
  return {
    manage: can.canManageAct(viewer, access),
    requestTagUpdate: can.canRequestTagUpdate(viewer, access),
    admin,
    approve: can.canApproveAct(viewer) && !act.active,
    decline: can.canDeclineAct(viewer) && !act.declined,
    toggleFeatured: can.canToggleFeatured(viewer) && act.active,
    invite: can.canInviteToEvent(viewer, access),
    addReview: admin || (can.canAddReview(viewer) && eligibleReviewEvents > 0),
    deleteReview: can.canDeleteReview(viewer),
    answerReview: can.canAnswerReview(viewer, access),
    removeReviewAnswer: can.canRemoveReviewAnswer(viewer, access),
    signUpToBook: can.showSignUpToBook(viewer, access),
    priceEstimateNote: can.showPriceEstimateNote(viewer),
    showVideos: can.showVideosSection(viewer, access, act.videos.length),
    showDocuments: can.showDocumentsSection(viewer, access, act.approvedPublicDocuments.length),
    liveChat: can.canUseLiveChat(viewer),
  };
}
