import type { Role } from "./roles";

/** Who is asking: null for a guest. */
export interface Viewer {
  id: string;
  role: Role;
}

/** The facts about an act that permissions depend on. */
export interface ActAccess {
  managerId: string | null;
  active: boolean;
  internal_use_only: boolean;
}

const isAdmin = (viewer: Viewer | null): boolean => viewer?.role === "ADMIN";
const isPlanner = (viewer: Viewer | null): boolean => viewer?.role === "PLANNER";

/** The act's own artist: the spec's ARTIST abilities apply to the acts they manage. */
export function isManager(viewer: Viewer | null, act: ActAccess): boolean {
  return viewer?.role === "ARTIST" && act.managerId !== null && viewer.id === act.managerId;
}

/** Acts that are not active are seen only by their manager and admins. */
export function canViewAct(viewer: Viewer | null, act: ActAccess): boolean {
  return act.active || isAdmin(viewer) || isManager(viewer, act);
}

/** Update profile, documents, testimonials, offerings, images, videos, reorder. */
export function canManageAct(viewer: Viewer | null, act: ActAccess): boolean {
  return isAdmin(viewer) || isManager(viewer, act);
}

/**
 * Stripe's onboarding verifies a person and their bank: only the act's own artist opens it,
 * never an admin on their behalf.
 */
export function canSetUpPayouts(viewer: Viewer | null, act: ActAccess): boolean {
  return isManager(viewer, act);
}

export const canUpdateProfile = canManageAct;
export const canManageDocuments = canManageAct;
export const canManageTestimonials = canManageAct;
export const canManageOfferings = canManageAct;
export const canManageImages = canManageAct;
export const canManageVideos = canManageAct;

/** The act's artist asks; admins have every artist ability (admins have every artist ability), this one too. */
export function canRequestTagUpdate(viewer: Viewer | null, act: ActAccess): boolean {
  return canManageAct(viewer, act);
}
export const canCancelTagUpdateRequest = canRequestTagUpdate;

export function canDecideTagUpdateRequest(viewer: Viewer | null): boolean {
  return isAdmin(viewer);
}
export const canEditTags = canDecideTagUpdateRequest;
export const canApproveAct = canDecideTagUpdateRequest;
export const canDeclineAct = canDecideTagUpdateRequest;
export const canReassignAct = canDecideTagUpdateRequest;
export const canToggleFeatured = canDecideTagUpdateRequest;
export const canToggleNationallyRecognized = canDecideTagUpdateRequest;
export const canToggleInternalUseOnly = canDecideTagUpdateRequest;
export const canDeleteReview = canDecideTagUpdateRequest;
export const canSeeAdminInfo = canDecideTagUpdateRequest;
export const canEditAdditionalInfo = canDecideTagUpdateRequest;

/** Admins add reviews with a reviewer name; planners need an eligible event (checked by the server). */
export function canAddReview(viewer: Viewer | null): boolean {
  return isAdmin(viewer) || isPlanner(viewer);
}

export function canInviteToEvent(viewer: Viewer | null, act: ActAccess): boolean {
  return isPlanner(viewer) && act.active && !act.internal_use_only;
}

/** Planners start conversations with the acts they could invite: approved and public. */
export const canMessageAct = canInviteToEvent;

/** Artists, and admins (who have every artist ability). */
export function canCreateAct(viewer: Viewer | null): boolean {
  return viewer?.role === "ARTIST" || isAdmin(viewer);
}

/** Sending a draft for approval is the act's artist's step, and an admin's. */
export const canSubmitApplication = canManageAct;

export function canCreateEvent(viewer: Viewer | null): boolean {
  return isPlanner(viewer);
}

/** Guests see the sign-up call to action unless the act is internal use only. */
export function showSignUpToBook(viewer: Viewer | null, act: ActAccess): boolean {
  return viewer === null && !act.internal_use_only;
}

export function showPriceEstimateNote(viewer: Viewer | null): boolean {
  return isPlanner(viewer);
}

/** The live-chat widget is for everyone who is neither ARTIST nor ADMIN. */
export function canUseLiveChat(viewer: Viewer | null): boolean {
  return viewer === null || viewer.role === "PLANNER";
}

/** The videos section: always for those who can add one, else only when there is one. */
export function showVideosSection(viewer: Viewer | null, act: ActAccess, videoCount: number): boolean {
  return canManageVideos(viewer, act) || videoCount > 0;
}

/** Documents: anyone when approved public documents exist, else only the managing roles. */
export function showDocumentsSection(viewer: Viewer | null, act: ActAccess, approvedPublicCount: number): boolean {
  return approvedPublicCount > 0 || canManageDocuments(viewer, act);
}

/** A stored document file is public only when approved and public. */
export function canDownloadDocument(
  viewer: Viewer | null,
  act: ActAccess,
  document: { is_public: boolean; approval: string },
): boolean {
  return (document.is_public && document.approval === "approved") || canManageDocuments(viewer, act);
}

/** The act's artist answers its reviews, once and in public; an admin does not write in the act's name. */
export function canAnswerReview(viewer: Viewer | null, act: ActAccess): boolean {
  return isManager(viewer, act);
}

/** An answer is the act's word, given once: its artist may change it for a day, and only an admin takes it down. */
export function canRemoveReviewAnswer(viewer: Viewer | null, _act: ActAccess): boolean {
  return isAdmin(viewer);
}
