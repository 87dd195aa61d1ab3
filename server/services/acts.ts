import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { ActProfile, ActSocialLinks, ManagerInfo } from "../../domain/act-profile";
import { SOCIAL_NETWORKS } from "../../domain/act-profile";
import { deriveActStatus } from "../../domain/act-status";
import { canManageAct, canSeeAdminInfo, isManager } from "../../domain/permissions";
import { averageRating, ratingDistribution } from "../../domain/ratings";
import type { Role } from "../../domain/roles";
import { ACT_TAG_RELATIONS, type ActTagRelation, type Tag, type TagType } from "../../domain/tags";
import type { Executor } from "../db/client";
import {
  actLocations,
  actTags,
  acts,
  documents,
  images,
  invites,
  offers,
  packageEventTypes,
  packages,
  reviews,
  tags,
  testimonials,
  users,
  videos,
} from "../db/schema";
import type { SessionUser } from "./viewer";
import { pendingRequests } from "./act-tags";
import { actAccess, findVisibleAct } from "./act-visibility";
import { moderationHistory } from "./moderation-log";

type ActRow = typeof acts.$inferSelect;


function socialLinks(social: ActRow["social"]): ActSocialLinks {
  const links = {} as ActSocialLinks;
  for (const network of SOCIAL_NETWORKS) links[network] = social[network] || null;
  return links;
}

async function loadTags(db: Executor, actId: number) {
  const rows = await db
    .select({ id: tags.id, name: tags.name, type: tags.type, relation: actTags.relation })
    .from(actTags)
    .innerJoin(tags, eq(tags.id, actTags.tagId))
    .where(eq(actTags.actId, actId))
    .orderBy(asc(tags.name));
  const byRelation = Object.fromEntries(ACT_TAG_RELATIONS.map((relation) => [relation, [] as Tag[]])) as Record<
    ActTagRelation,
    Tag[]
  >;
  const all = new Map<number, Tag>();
  for (const row of rows) {
    const tag: Tag = { id: row.id, name: row.name, type: row.type as TagType };
    byRelation[row.relation as ActTagRelation]?.push(tag);
    all.set(tag.id, tag);
  }
  return { byRelation, all: [...all.values()] };
}

async function loadPackages(db: Executor, actId: number) {
  const rows = await db
    .select()
    .from(packages)
    .where(and(eq(packages.actId, actId), isNull(packages.deletedAt)))
    .orderBy(asc(packages.rank), asc(packages.id));
  const ids = rows.map((row) => row.id);
  const links = ids.length
    ? await db
        .select({ packageId: packageEventTypes.packageId, id: tags.id, name: tags.name, type: tags.type })
        .from(packageEventTypes)
        .innerJoin(tags, eq(tags.id, packageEventTypes.tagId))
        .where(inArray(packageEventTypes.packageId, ids))
        .orderBy(asc(tags.name))
    : [];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    rank: row.rank,
    eventTypes: links
      .filter((link) => link.packageId === row.id)
      .map((link) => ({ id: link.id, name: link.name, type: link.type as TagType })),
  }));
}

async function loadLatestOffer(db: Executor, actId: number) {
  const [latest] = await db
    .select({ postedAt: offers.dateTimePosted })
    .from(offers)
    .innerJoin(invites, eq(invites.id, offers.inviteId))
    .where(eq(invites.actId, actId))
    .orderBy(desc(offers.dateTimePosted))
    .limit(1);
  return latest ? { date_time_posted: latest.postedAt.toISOString() } : null;
}

async function loadManager(db: Executor, managerId: string | null): Promise<ManagerInfo | null> {
  if (!managerId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, managerId)).limit(1);
  if (!user) return null;
  return {
    id: user.id,
    url: user.url,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role as Role,
    w9_received: user.w9Received,
    direct_deposit_received: user.directDepositReceived,
  };
}

/** Everything the profile page shows, filtered to what this caller may see. */
export async function getActProfile(db: Executor, actUrl: string, viewer: SessionUser | null): Promise<ActProfile> {
  const act = await findVisibleAct(db, actUrl, viewer);
  const access = actAccess(act);
  const admin = canSeeAdminInfo(viewer);
  const manages = canManageAct(viewer, access);

  const [locationRows, tagSets, imageRows, videoRows, packageList, testimonialRows, reviewRows, documentRows] =
    await Promise.all([
      db.select().from(actLocations).where(eq(actLocations.actId, act.id)).orderBy(asc(actLocations.rank)),
      loadTags(db, act.id),
      db.select().from(images).where(eq(images.actId, act.id)).orderBy(asc(images.createdAt), asc(images.id)),
      db.select().from(videos).where(eq(videos.actId, act.id)).orderBy(asc(videos.createdAt), asc(videos.id)),
      loadPackages(db, act.id),
      db.select().from(testimonials).where(eq(testimonials.actId, act.id)).orderBy(asc(testimonials.rank), asc(testimonials.id)),
      db.select().from(reviews).where(eq(reviews.actId, act.id)).orderBy(desc(reviews.createdAt), desc(reviews.id)),
      db
        .select()
        .from(documents)
        .where(and(eq(documents.actId, act.id), eq(documents.isPublic, true), eq(documents.approval, "approved")))
        .orderBy(asc(documents.createdAt), asc(documents.id)),
    ]);
  const ratings = reviewRows.map((review) => review.rating);

  const profile: ActProfile = {
    url: act.url,
    name: act.name,
    avatar: act.avatar,
    headline: act.headline,
    description: act.description,
    location: act.location,
    additionalLocations: locationRows.map((row) => ({ location: row.location })),
    compare_to: act.compareTo,
    active: act.active,
    declined: act.declined,
    application_complete: act.applicationComplete,
    musical: act.musical,
    internal_use_only: act.internalUseOnly,
    is_featured: act.isFeatured ? 1 : 0,
    nationallyRecognized: act.nationallyRecognized,
    social: socialLinks(act.social),
    has_performed_corporate_event: act.hasPerformedCorporateEvent,
    corporate_event_experience: act.corporateEventExperience,
    status: deriveActStatus({
      application_complete: act.applicationComplete,
      active: act.active,
      declined: act.declined,
    }),
    tags: tagSets.all,
    ...tagSets.byRelation,
    images: imageRows.map((row) => ({ id: row.id, path: row.path })),
    videos: videoRows.map((row) => ({ id: row.id, link: row.link, file_path: row.filePath })),
    packages: packageList,
    testimonials: testimonialRows.map((row) => ({
      id: row.id,
      name: row.name,
      organization: row.organization,
      org_position: row.orgPosition,
      content: row.content,
      rank: row.rank,
    })),
    entertainerReviews: reviewRows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      body: row.body,
      reviewer_name: row.allowReviewerName ? row.reviewerName : null,
      created_at: row.createdAt.toISOString(),
    })),
    reviewSummary: { average: averageRating(ratings), count: ratings.length, distribution: ratingDistribution(ratings) },
    approvedPublicDocuments: documentRows.map((row) => ({
      id: row.id,
      title: row.title,
      file_path: row.filePath,
      file_path_raw: row.filePathRaw,
    })),
    viewer: { isManager: isManager(viewer, access), canManage: manages, isAdmin: admin },
  };
  if (manages) {
    profile.latestOffer = await loadLatestOffer(db, act.id);
    const [first] = await pendingRequests(db, act.id);
    profile.pendingTagRequest = first ? { id: first.id, musical: first.musical, created_at: first.created_at, tags: first.tags } : null;
  }
  if (admin) {
    profile.manager = await loadManager(db, act.managerId);
    profile.history = await moderationHistory(db, act.id);
    profile.additional_info = act.additionalInfo;
    profile.decline_reason = act.declineReason;
  }
  return profile;
}

