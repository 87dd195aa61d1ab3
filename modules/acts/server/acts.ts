import type { PageSeo } from "#modules/seo/seo";
import type { Travel } from "../travel";
import { actFactsOf } from "../act-facts";
import { desc, eq } from "drizzle-orm";
import type { ActProfile, ActSocialLinks, ManagerInfo } from "../act-profile";
import { SOCIAL_NETWORKS } from "../act-profile";
import { deriveActStatus } from "../act-status";
import { canManageAct, canSeeAdminInfo, isManager } from "#domain/permissions";
import { lowestPrice } from "#domain/prices";
import { averageRating, ratingDistribution, reviewerShownName } from "#domain/ratings";
import type { Role } from "#domain/roles";
import { cachedRead, deepFreeze, type ReadCache } from "#server/cache/cached-read";
import type { Executor } from "#server/db/client";
import type { acts } from "#modules/acts/server/tables";
import { invites, offers } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import type { SessionUser } from "#domain/session-user";
import { loadActPage } from "./act-profile-sections";
import { pendingRequests } from "#modules/moderation/server";
import { actAccess, visibleOrNotFound } from "./act-visibility";
import { moderationHistory } from "#modules/moderation/server";

type ActRow = typeof acts.$inferSelect;

function socialLinks(social: ActRow["social"]): ActSocialLinks {
  const links = {} as ActSocialLinks;
  for (const network of SOCIAL_NETWORKS) links[network] = social[network] || null;
  return links;
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

/** One act's url and id: what its facts are kept under. */
type ActKey = Pick<ActRow, "id" | "url" | "managerId">;

/** A fact of one act, kept per act until the act's change notice. */
function actFact<T>(name: string, read: (db: Executor, act: ActKey) => Promise<T>) {
  return cachedRead({
    name,
    maxEntries: 5_000,
    key: (act: ActKey) => String(act.id),
    tags: (act) => [`act:${act.url}`],
    read,
  });
}

/**
 * What an act's managers see of it (its latest offer, its pending tag request) and what admins
 * see (its manager, its moderation history), each the same for every manager or every admin:
 * kept per act, since the act's change notice covers them all
 * (offers, invites and tag requests notify their act, migrations 0018 and 0019; a
 * conversation's start and each message do too, migration 0029).
 */
const managedFacts = actFact("act-managed", (db, act) =>
  Promise.all([loadLatestOffer(db, act.id), pendingRequests(db, act.id)]),
);
const administeredFacts = actFact("act-administered", (db, act) =>
  Promise.all([loadManager(db, act.managerId), moderationHistory(db, act.id)]),
);

/**
 * Everything the profile page shows, filtered to what this caller may see. Reads for a page or
 * a GET may pass the server's read cache (server/cache/cached-read.ts); writes may not.
 */
export async function getActProfile(
  db: Executor,
  actUrl: string,
  viewer: SessionUser | null,
  cache?: ReadCache,
): Promise<ActProfile> {
  return (await getActProfilePage(db, actUrl, viewer, cache)).profile;
}

type ActProfilePage = Awaited<ReturnType<typeof getActProfilePage>>;

/**
 * The profile as everyone but its managers and admins sees it, made once per kept act row and
 * sections (read together, frozen, and new objects after any change of the act) instead of on every
 * request: the page packs it for the browser once too (app/lib/packed-json.ts).
 */
const publicProfiles = new WeakMap<object, { act: typeof acts.$inferSelect; page: ActProfilePage }>();

/** The profile, the page's curated title and description (kept with its sections), and the act's id. */
export async function getActProfilePage(
  db: Executor,
  actUrl: string,
  viewer: SessionUser | null,
  cache?: ReadCache,
): Promise<{
  profile: ActProfile;
  curatedSeo: PageSeo | null;
  actId: number;
  act: { id: number; placeId: number | null; travel: Travel | null };
}> {
  const found = await loadActPage(db, actUrl, cache);
  const act = visibleOrNotFound(found?.act, viewer);
  const { sections } = found!; // found, since its act is
  const access = actAccess(act);
  const admin = canSeeAdminInfo(viewer);
  const manages = canManageAct(viewer, access);

  // Whoever neither manages nor administers the act sees what a guest sees.
  const seenAsGuest = !admin && !manages && !isManager(viewer, access);
  const kept = seenAsGuest ? publicProfiles.get(sections) : undefined;
  if (kept?.act === act) return kept.page;
  const reviewRows = sections.reviews;
  const ratings = reviewRows.map((review) => review.rating);

  const profile: ActProfile = {
    url: act.url,
    name: act.name,
    avatar: act.avatar,
    headline: act.headline,
    description: act.description,
    location: act.location,
    additionalLocations: sections.locations,
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
    facts: actFactsOf(act.facts),
    status: deriveActStatus({
      application_complete: act.applicationComplete,
      active: act.active,
      declined: act.declined,
    }),
    tags: sections.tags.all,
    ...sections.tags.byRelation,
    images: sections.images,
    videos: sections.videos,
    packages: sections.packages,
    price_from_cents: lowestPrice(sections.packages),
    travel: act.travel,
    takes: act.takes,
    testimonials: sections.testimonials,
    entertainerReviews: reviewRows.map((row) => ({
      id: row.id,
      rating: row.rating,
      title: row.title,
      body: row.body,
      reviewer_name: row.allow_reviewer_name && row.reviewer_name ? reviewerShownName(row.reviewer_name) : null,
      created_at: row.created_at,
      source: row.source,
      // What the booking was, for its label: a booking's review only.
      event_type: row.source === "booking" ? row.event_type : null,
      event_month: row.source === "booking" ? row.event_month : null,
      source_note: row.source === "admin" ? row.source_note : null,
      // json_build_object writes a timestamp without its zone's colon form; read back as an instant.
      reply:
        row.reply_body !== null && row.reply_created_at !== null
          ? {
              body: row.reply_body,
              created_at: new Date(row.reply_created_at).toISOString(),
              edited_at: row.reply_edited_at === null ? null : new Date(row.reply_edited_at).toISOString(),
            }
          : null,
    })),
    reviewSummary: {
      average: averageRating(ratings),
      count: ratings.length,
      distribution: ratingDistribution(ratings),
    },
    approvedPublicDocuments: sections.documents,
    viewer: { isManager: isManager(viewer, access), canManage: manages, isAdmin: admin },
  };
  // What only the act's managers and admins see, read side by side (a server's pool runs them at once).
  const source = { db, cache };
  const [managed, administered] = await Promise.all([
    manages ? managedFacts(source, act) : null,
    admin ? administeredFacts(source, act) : null,
  ]);
  if (sections.response) Object.assign(profile, sections.response);
  if (managed) {
    const [latestOffer, [first]] = managed;
    profile.latestOffer = latestOffer;
    profile.pendingTagRequest = first
      ? { id: first.id, musical: first.musical, created_at: first.created_at, tags: first.tags }
      : null;
  }
  if (administered) {
    [profile.manager, profile.history] = administered;
    profile.additional_info = act.additionalInfo;
    profile.decline_reason = act.declineReason;
  }
  const page = {
    profile,
    curatedSeo: sections.seo,
    actId: act.id,
    act: { id: act.id, placeId: act.placeId, travel: act.travel },
  };
  if (seenAsGuest) publicProfiles.set(sections, { act, page: deepFreeze(page) });
  return page;
}
