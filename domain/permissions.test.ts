import { describe, expect, it } from "vitest";
import * as p from "./permissions";
import type { Viewer } from "./permissions";

const admin: Viewer = { id: "admin", role: "ADMIN" };
const owner: Viewer = { id: "owner", role: "ARTIST" };
const otherArtist: Viewer = { id: "other", role: "ARTIST" };
const planner: Viewer = { id: "planner", role: "PLANNER" };
const viewers = { guest: null, planner, otherArtist, owner, admin } as const;

const active = { managerId: "owner", active: true, internal_use_only: false };
const inactive = { ...active, active: false };
const internal = { ...active, internal_use_only: true };

function matrix(check: (viewer: Viewer | null) => boolean) {
  return Object.fromEntries(Object.entries(viewers).map(([name, viewer]) => [name, check(viewer)]));
}

describe("permissions, for every role", () => {
  it("an inactive act is seen only by its manager and admins", () => {
    expect(matrix((v) => p.canViewAct(v, inactive))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.canViewAct(v, active))).toEqual({
      guest: true,
      planner: true,
      otherArtist: true,
      owner: true,
      admin: true,
    });
  });

  it("the act's own artist and admins manage its content", () => {
    expect(matrix((v) => p.canManageAct(v, active))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(p.canManageAct(owner, { ...active, managerId: null })).toBe(false);
  });

  it("only the act's artist requests a tag update; only admins moderate", () => {
    expect(matrix((v) => p.canRequestTagUpdate(v, active))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.canSubmitApplication(v, active))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.canCreateAct(v))).toEqual({
      guest: false,
      planner: false,
      otherArtist: true,
      owner: true,
      admin: true,
    });
    for (const check of [
      p.canEditTags,
      p.canApproveAct,
      p.canDeclineAct,
      p.canReassignAct,
      p.canToggleFeatured,
      p.canDeleteReview,
      p.canSeeAdminInfo,
    ]) {
      expect(matrix(check)).toEqual({ guest: false, planner: false, otherArtist: false, owner: false, admin: true });
    }
  });

  it("planners invite active acts that are not internal use only", () => {
    expect(matrix((v) => p.canInviteToEvent(v, active))).toEqual({
      guest: false,
      planner: true,
      otherArtist: false,
      owner: false,
      admin: false,
    });
    expect(p.canInviteToEvent(planner, internal)).toBe(false);
    expect(p.canInviteToEvent(planner, inactive)).toBe(false);
  });

  it("guests see Sign Up for Free to Book unless the act is internal use only", () => {
    expect(matrix((v) => p.showSignUpToBook(v, active))).toEqual({
      guest: true,
      planner: false,
      otherArtist: false,
      owner: false,
      admin: false,
    });
    expect(p.showSignUpToBook(null, internal)).toBe(false);
  });

  it("live chat is for everyone but artists and admins", () => {
    expect(matrix(p.canUseLiveChat)).toEqual({
      guest: true,
      planner: true,
      otherArtist: false,
      owner: false,
      admin: false,
    });
  });

  it("videos and documents sections follow their counts and the managing roles", () => {
    expect(matrix((v) => p.showVideosSection(v, active, 0))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.showVideosSection(v, active, 1))).toEqual({
      guest: true,
      planner: true,
      otherArtist: true,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.showDocumentsSection(v, active, 0))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.showDocumentsSection(v, active, 2))).toEqual({
      guest: true,
      planner: true,
      otherArtist: true,
      owner: true,
      admin: true,
    });
  });

  it("private or unapproved documents download only for the managing roles", () => {
    const privateDoc = { is_public: false, approval: "approved" };
    const pendingDoc = { is_public: true, approval: "pending" };
    const publicDoc = { is_public: true, approval: "approved" };
    expect(matrix((v) => p.canDownloadDocument(v, active, privateDoc))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.canDownloadDocument(v, active, pendingDoc))).toEqual({
      guest: false,
      planner: false,
      otherArtist: false,
      owner: true,
      admin: true,
    });
    expect(matrix((v) => p.canDownloadDocument(v, active, publicDoc))).toEqual({
      guest: true,
      planner: true,
      otherArtist: true,
      owner: true,
      admin: true,
    });
  });

  it("planners and admins may add reviews; the planner's event is checked by the server", () => {
    expect(matrix(p.canAddReview)).toEqual({
      guest: false,
      planner: true,
      otherArtist: false,
      owner: false,
      admin: true,
    });
    expect(matrix(p.showPriceEstimateNote)).toEqual({
      guest: false,
      planner: true,
      otherArtist: false,
      owner: false,
      admin: false,
    });
  });
});
