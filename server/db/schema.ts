import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { BOOKING_STATUSES, PAYMENT_KINDS, PAYMENT_STATUSES } from "#modules/bookings/bookings";
import { CANCELLATION_POLICIES, LEDGER_ACCOUNTS } from "#modules/bookings/money";
import { CASE_KINDS, CASE_STATUSES } from "#modules/bookings/cases";
import { STORED_OFFER_STATUSES } from "#modules/bookings/events";
import { DOCUMENT_APPROVALS } from "#modules/files/answers";
import { NOTIFICATION_KINDS } from "#modules/notifications/notifications";
import { REVIEW_SOURCES } from "#domain/ratings";
import { MESSAGE_KINDS } from "#modules/conversations/conversations";
import { TAG_REQUEST_STATUSES } from "#domain/tags";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

// ---- accounts (the tables better-auth reads and writes) ----

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("PLANNER"),
    url: text("url").notNull().unique(),
    phone: text("phone"),
    w9Received: boolean("w9_received").notNull().default(false),
    directDepositReceived: boolean("direct_deposit_received").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_role_check", sql`${t.role} in ('PLANNER', 'ARTIST', 'ADMIN')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: text("last_request").notNull(),
});

// ---- tags ----

export const tags = pgTable(
  "tags",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull(),
  },
  (t) => [
    uniqueIndex("tags_type_name_unique").on(t.type, t.name),
    check(
      "tags_type_check",
      sql`${t.type} in ('Genre', 'Song Type', 'Band Setup', 'Event Type', 'Variety Type', 'Speaker Type')`,
    ),
  ],
);

// ---- acts ----

export interface ActSocial {
  facebook?: string | null;
  twitter?: string | null;
  instagram?: string | null;
  spotify?: string | null;
  web?: string | null;
  tiktok?: string | null;
  mixcloud?: string | null;
  linkedin?: string | null;
}

// ---- places: US cities of the offline gazetteer (server/db/data/us-places.json) ----

export const places = pgTable(
  "places",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    region: text("region").notNull(),
    /** "City, ST": how a place is written everywhere. */
    label: text("label").notNull(),
    /** "city-st": how a place is written in a URL. */
    slug: text("slug").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    population: integer("population").notNull(),
    timeZone: text("time_zone").notNull(),
  },
  (t) => [
    uniqueIndex("places_label_unique").on(sql`lower(${t.label})`),
    uniqueIndex("places_slug_unique").on(t.slug),
    index("places_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("places_lat_lng_idx").on(t.lat, t.lng),
  ],
);

export const acts = pgTable(
  "acts",
  {
    id: id(),
    url: text("url").notNull().unique(),
    name: text("name").notNull(),
    avatar: text("avatar"),
    headline: text("headline"),
    description: text("description"),
    location: text("location"),
    placeId: integer("place_id").references(() => places.id),
    compareTo: text("compare_to"),
    active: boolean("active").notNull().default(false),
    declined: boolean("declined").notNull().default(false),
    applicationComplete: boolean("application_complete").notNull().default(false),
    musical: boolean("musical").notNull().default(true),
    internalUseOnly: boolean("internal_use_only").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    nationallyRecognized: boolean("nationally_recognized").notNull().default(false),
    managerId: text("manager_id").references(() => users.id, { onDelete: "set null" }),
    social: jsonb("social").$type<ActSocial>().notNull().default({}),
    additionalInfo: text("additional_info"),
    hasPerformedCorporateEvent: boolean("has_performed_corporate_event").notNull().default(false),
    corporateEventExperience: text("corporate_event_experience"),
    /** Facts the artist chose from fixed lists, by key (modules/acts/act-facts.ts): `{"languages": ["Spanish"]}`. */
    facts: jsonb("facts").$type<Record<string, string[]>>().notNull().default({}),
    declineReason: text("decline_reason"),
    /** The act's Stripe Connect Express account (card payments), and whether Stripe lets it take them. */
    stripeAccountId: text("stripe_account_id").unique(),
    cardPayments: boolean("card_payments").notNull().default(false),
    /** How a planner pays the act directly (offline bookings): whom to pay and how, in the act's words. */
    paymentInstructions: text("payment_instructions"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("acts_manager_idx").on(t.managerId),
    index("acts_active_idx").on(t.active),
    index("acts_place_idx").on(t.placeId),
    index("acts_public_idx").on(t.isFeatured, t.createdAt).where(sql`${t.active} and not ${t.internalUseOnly}`),
    // The drafts queue, oldest first: pending and declined acts are found by acts_active_idx.
    index("acts_drafts_idx").on(t.createdAt, t.id).where(sql`not ${t.applicationComplete}`),
    check("acts_facts_object", sql`jsonb_typeof(${t.facts}) = 'object'`),
  ],
);

export const actLocations = pgTable(
  "act_locations",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    location: text("location").notNull(),
    placeId: integer("place_id").references(() => places.id),
    rank: integer("rank").notNull(),
  },
  (t) => [index("act_locations_act_idx").on(t.actId, t.rank), index("act_locations_place_idx").on(t.placeId)],
);

export const actTags = pgTable(
  "act_tags",
  {
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    relation: text("relation").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actId, t.relation, t.tagId] }),
    check(
      "act_tags_relation_check",
      sql`${t.relation} in ('genres', 'songTypes', 'bandSetups', 'eventTypes', 'varietyTypes', 'speakerTypes', 'styles', 'occasions')`,
    ),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    organization: text("organization"),
    orgPosition: text("org_position"),
    content: text("content").notNull(),
    rank: integer("rank").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("testimonials_act_idx").on(t.actId, t.rank), check("testimonials_rank_check", sql`${t.rank} >= 1`)],
);

export const packages = pgTable(
  "packages",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    rank: integer("rank").notNull(),
    /** US cents; the act's "from" price is the lowest of its live offerings'. */
    priceFromCents: integer("price_from_cents"),
    priceToCents: integer("price_to_cents"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("packages_act_idx").on(t.actId, t.rank),
    check("packages_rank_check", sql`${t.rank} >= 1`),
    check(
      "packages_price_check",
      sql`(${t.priceFromCents} is null or ${t.priceFromCents} between 0 and 100000000) and (${t.priceToCents} is null or (${t.priceFromCents} is not null and ${t.priceToCents} between ${t.priceFromCents} and 100000000))`,
    ),
  ],
);

export const packageEventTypes = pgTable(
  "package_event_types",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.tagId] })],
);

export const images = pgTable(
  "images",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    createdAt: createdAt(),
  },
  // An uploaded file belongs to one image.
  (t) => [index("images_act_idx").on(t.actId), uniqueIndex("images_path_unique").on(t.path)],
);

export const videos = pgTable(
  "videos",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    link: text("link"),
    filePath: text("file_path"),
    createdAt: createdAt(),
  },
  (t) => [
    index("videos_act_idx").on(t.actId),
    check("videos_source_check", sql`(${t.link} is null) <> (${t.filePath} is null)`),
  ],
);

export const documents = pgTable(
  "documents",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    filePath: text("file_path").notNull(),
    filePathRaw: text("file_path_raw").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    approval: text("approval", { enum: DOCUMENT_APPROVALS }).notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("documents_act_idx").on(t.actId),
    // Every admin page's header counts the documents waiting for a decision.
    index("documents_pending_idx").on(t.createdAt).where(sql`${t.approval} = 'pending'`),
    check("documents_approval_check", sql`${t.approval} in ('pending', 'approved', 'declined')`),
  ],
);

export const tagUpdateRequests = pgTable(
  "tag_update_requests",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    musical: boolean("musical").notNull(),
    status: text("status", { enum: TAG_REQUEST_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending request per act, enforced by the database even under races.
    uniqueIndex("tag_update_requests_one_pending").on(t.actId).where(sql`${t.status} = 'pending'`),
    check("tag_update_requests_status_check", sql`${t.status} in ('pending', 'accepted', 'declined', 'canceled')`),
  ],
);

export const tagUpdateRequestTags = pgTable(
  "tag_update_request_tags",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => tagUpdateRequests.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    relation: text("relation").notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.relation, t.tagId] })],
);

// ---- events, invites, offers, bookings, reviews ----

export const events = pgTable(
  "events",
  {
    id: id(),
    url: text("url").notNull().unique(),
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    starttime: timestamp("starttime", { withTimezone: true }).notNull(),
    location: text("location").notNull(),
    /** The known place the location names, when it names one: its time zone is the event's. */
    placeId: integer("place_id").references(() => places.id),
    createdAt: createdAt(),
    /** When the planner called it off; a cancelled event books nobody and takes no offers. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // What an act needs to quote (issue 30): all optional.
    eventType: text("event_type"),
    guests: integer("guests"),
    budgetDollars: integer("budget_dollars"),
    hours: doublePrecision("hours"),
    venue: text("venue"),
    notes: text("notes"),
  },
  (t) => [index("events_planner_idx").on(t.plannerId, t.starttime)],
);

/** What the planner pays for a booking, and when (modules/bookings/bookings.ts: paymentSchedule). */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** A day where the event happens. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("due"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    method: text("method"),
    /** The day the act's manager says it was paid (offline), where the event happens. */
    paidOn: date("paid_on", { mode: "string" }),
    note: text("note"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * Card payments (bookings whose provider is stripe): the Checkout Session last opened (one per
     * attempt, counted for its idempotency key), the PaymentIntent that paid, when the money held
     * is released to the act, and the transfer that released it (net of the platform's fee).
     */
    checkoutSessionId: text("checkout_session_id"),
    checkoutAttempts: integer("checkout_attempts").notNull().default(0),
    paymentIntentId: text("payment_intent_id").unique(),
    releaseAt: timestamp("release_at", { withTimezone: true }),
    transferId: text("transfer_id").unique(),
    releasedCents: integer("released_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    /** What came back from the act's account for a refund after release (transfer reversals). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    /**
     * What refunds of this payment were asked of Stripe (at least refunded_cents): a refund
     * still on its way counts, so that a second decision takes the rest from another payment.
     */
    refundAskedCents: integer("refund_asked_cents").notNull().default(0),
    /** The charge that paid it (its PaymentIntent's), which every transfer of it names as source_transaction. */
    chargeId: text("charge_id"),
    /** What Stripe kept of the charge (its balance transaction's fee), once read; a ledger line of its own. */
    processorFeeCents: integer("processor_fee_cents"),
    /** Why Stripe last refused its release (shown to admins), and how many refusals: each retry a new idempotency key. */
    releaseError: text("release_error"),
    releaseAttempts: integer("release_attempts").notNull().default(0),
    /** What refunds asked to take back from the act's account after release (reversals asked, refused or not). */
    takeBackAskedCents: integer("take_back_asked_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_release_idx").on(t.releaseAt).where(sql`${t.transferId} is null and ${t.releaseAt} is not null`),
    uniqueIndex("payments_booking_kind_unique").on(t.bookingId, t.kind),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
    check("payments_kind_check", sql`${t.kind} in ('deposit', 'balance')`),
    check("payments_status_check", sql`${t.status} in ('due', 'paid', 'refunded')`),
  ],
);

/**
 * The ledger: every money event of a booking (due, paid, refunded…) is one transaction of
 * lines whose amounts sum to zero (a deferred trigger refuses any other at commit), in whole
 * cents. A booking's number and id are kept on its transactions, without a foreign key, so the
 * ledger outlives the booking and no cascade ever rewrites a line's booking; triggers refuse
 * every update, delete and truncate (migration 0059).
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    bookingId: integer("booking_id"),
    bookingNumber: text("booking_number").notNull(),
    paymentId: integer("payment_id"),
    memo: text("memo").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_booking_idx").on(t.bookingNumber)],
);

export const ledgerLines = pgTable(
  "ledger_lines",
  {
    id: id(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "cascade" }),
    account: text("account").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    index("ledger_lines_transaction_idx").on(t.transactionId),
    check("ledger_lines_amount_check", sql`${t.amountCents} <> 0`),
    check("ledger_lines_account_check", sql.raw(`account in (${LEDGER_ACCOUNTS.map((a) => `'${a}'`).join(", ")})`)),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the act said no to the invite. */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** When the planner booked another act for the event and let this one go. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** The planner's words asking for a quote, as sent with the request (also a message in the thread). */
    requestMessage: text("request_message"),
  },
  (t) => [uniqueIndex("invites_event_act_unique").on(t.eventId, t.actId), index("invites_act_idx").on(t.actId)],
);

export const offers = pgTable(
  "offers",
  {
    id: id(),
    inviteId: integer("invite_id")
      .notNull()
      .references(() => invites.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    message: text("message").notNull().default(""),
    status: text("status", { enum: STORED_OFFER_STATUSES }).notNull().default("pending"),
    dateTimePosted: timestamp("date_time_posted", { withTimezone: true }).notNull().defaultNow(),
    depositCents: integer("deposit_cents").notNull().default(0),
    /** The last day the offer stands, where the event happens; null for offers made before offers expired. */
    expiresOn: date("expires_on", { mode: "string" }),
    terms: text("terms").notNull().default(""),
    /** What comes back to a planner who cancels (modules/bookings/money.ts computes it). */
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("moderate"),
  },
  (t) => [
    index("offers_invite_idx").on(t.inviteId),
    check(
      "offers_cancellation_policy_check",
      sql`${t.cancellationPolicy} in ${sql.raw(`(${CANCELLATION_POLICIES.map((policy) => `'${policy}'`).join(", ")})`)}`,
    ),
    check("offers_price_check", sql`${t.priceCents} >= 0`),
    check("offers_status_check", sql`${t.status} in ('pending', 'accepted', 'withdrawn', 'declined', 'expired')`),
    check("offers_deposit_check", sql`${t.depositCents} between 0 and ${t.priceCents}`),
  ],
);

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .unique()
      .references(() => offers.id, { onDelete: "cascade" }),
    /** What both sides quote: 6 to 12 capitals and digits (modules/bookings/bookings.ts). */
    number: text("number").notNull().unique(),
    /** The planner's phone on the day, given when accepting. */
    plannerPhone: text("planner_phone"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("confirmed"),
    /** The agreement: accepting is signing; who accepted and from which address (createdAt is when). */
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedFrom: text("accepted_from"),
    /** A booking cancelled on its own (the event may go on): when, by which side, and why. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by", { enum: ["planner", "act"] }),
    cancelReason: text("cancel_reason"),
    /** Who moves the money: offline (the planner pays the act) or stripe (through us, held and released). */
    provider: text("provider", { enum: ["offline", "stripe"] })
      .notNull()
      .default("offline"),
    /**
     * The platform's fee on card money released, fixed when the booking is made: basis points
     * (410 is 4.1%). Null for bookings made before it was fixed, which pay the fee configured.
     */
    feeBasisPoints: integer("fee_basis_points"),
    createdAt: createdAt(),
  },
  (t) => [
    check("bookings_status_check", sql`${t.status} in ('confirmed', 'completed', 'cancelled')`),
    check("bookings_provider_check", sql`${t.provider} in ('offline', 'stripe')`),
    uniqueIndex("bookings_event_act_unique").on(t.eventId, t.actId),
    index("bookings_act_idx").on(t.actId),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    reviewerName: text("reviewer_name"),
    allowReviewerName: boolean("allow_reviewer_name").notNull().default(true),
    /** How it came to be: a planner's review of a booking, or one an admin added (the default, for imported ones too). */
    source: text("source", { enum: REVIEW_SOURCES }).notNull().default("admin"),
    /** The act's one public answer (its artist's), and when it was written. */
    replyBody: text("reply_body"),
    replyCreatedAt: timestamp("reply_created_at", { withTimezone: true }),
    /** When its artist last changed the answer: allowed for a day after posting (domain/ratings.ts). */
    replyEditedAt: timestamp("reply_edited_at", { withTimezone: true }),
    /** An admin's review: why it was added, shown with its "Added by" label. */
    sourceNote: text("source_note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_source_check", sql`${t.source} in ('booking', 'admin')`),
    index("reviews_act_idx").on(t.actId, t.createdAt),
    // A planner reviews an act once per event.
    uniqueIndex("reviews_act_event_unique").on(t.actId, t.eventId).where(sql`${t.eventId} is not null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

// ---- search (modules/discovery/server/search/): kept by triggers, never written by the app ----

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A sample slice's partial indexes (visible acts whose id hashes to 0 under `mask`): words, lists,
 * price and place. The search writes the predicate literally alike, so that the planner uses them.
 */
function sliceIndexes(
  t: Record<"visible" | "actId" | "document" | "facets" | "priceFromCents" | "placeId", AnyPgColumn>,
  name: "sample" | "sparse",
  mask: 7 | 63,
) {
  const inSlice = sql`${t.visible} and hashint4(${t.actId}) & ${sql.raw(String(mask))} = 0`;
  return [
    index(`act_search_${name}_document_idx`).using("gin", t.document).where(inSlice),
    index(`act_search_${name}_facets_idx`).using("gin", t.facets).where(inSlice),
    index(`act_search_${name}_price_idx`).on(t.priceFromCents).where(inSlice),
    index(`act_search_${name}_place_idx`).on(t.placeId).where(inSlice),
  ];
}

/** Each act's weighted search document and rating summary, refreshed by triggers on every write. */
export const actSearch = pgTable(
  "act_search",
  {
    actId: integer("act_id")
      .primaryKey()
      .references(() => acts.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
    ratingAvg: doublePrecision("rating_avg"),
    reviewCount: integer("review_count").notNull().default(0),
    /** Approved and not internal use only: what guests, planners and artists may find. */
    visible: boolean("visible").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    name: text("name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lowest starting price of the act's live offerings, in US cents: budget and sort=price. */
    priceFromCents: integer("price_from_cents"),
    /** "<list>:<value>" for every filter value the act has (modules/discovery/server/search/conditions.ts). */
    facets: text("facets").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The act's response facts (modules/conversations/conversations.ts RESPONSE_FACTS), null until enough
     * conversations were started: written by modules/conversations/server/response-facts.ts, not by the
     * search row's rebuild, for cards, profiles and the order of equally relevant acts.
     */
    responseRate: smallint("response_rate"),
    responseHours: real("response_hours"),
    /**
     * Where the act is based (acts.place_id): a search by place finds it, and puts it first, when this
     * is in the circle (the places it also plays are read from act_locations, by theirs).
     */
    placeId: integer("place_id"),
  },
  (t) => [
    index("act_search_document_idx").using("gin", t.document),
    // A circle's acts, by the places in it (modules/discovery/server/search/conditions.ts).
    index("act_search_place_idx").on(t.placeId),
    // The same for the public, with every column a page's order or a count reads of a visible act:
    // a circle's acts are then counted and sorted from this index alone, not fetched one by one
    // from rows spread across the table (20,000 acts at a million: 34 ms read, 6 ms from here).
    index("act_search_visible_place_idx")
      .on(
        t.placeId,
        t.actId,
        t.visible,
        t.featured,
        t.ratingAvg,
        t.reviewCount,
        t.createdAt,
        t.priceFromCents,
        t.responseRate,
        t.responseHours,
        t.name,
      )
      .where(sql`${t.visible}`),
    index("act_search_facets_idx").using("gin", t.facets),
    // The slices whose keys estimate facet counts (search-acts.ts): one act in eight past
    // FACETS_EXACT_UP_TO matches, one in 64 past 32,000. Read through these, a sample costs its
    // share of the matches, not all of them; the price ones serve a budget nothing else narrows
    // (it read the price index's whole range, 45,000 rows at a million acts for $600, and filtered).
    ...sliceIndexes(t, "sample", 7),
    ...sliceIndexes(t, "sparse", 63),
    index("act_search_recommended_idx").on(
      t.visible,
      sql`${t.featured} desc`,
      sql`${t.ratingAvg} desc nulls last`,
      sql`${t.reviewCount} desc`,
      t.name,
      t.actId,
    ),
    index("act_search_rating_idx").on(
      t.visible,
      sql`${t.ratingAvg} desc nulls last`,
      sql`${t.reviewCount} desc`,
      t.actId,
    ),
    index("act_search_reviews_idx").on(
      t.visible,
      sql`${t.reviewCount} desc`,
      sql`${t.ratingAvg} desc nulls last`,
      t.actId,
    ),
    index("act_search_newest_idx").on(t.visible, sql`${t.createdAt} desc`, sql`${t.actId} desc`),
    // The acts with response facts: what the periodic sweep looks at besides recent conversations.
    index("act_search_responding_idx").on(t.actId).where(sql`${t.responseRate} is not null`),
    index("act_search_price_idx").on(t.visible, sql`${t.priceFromCents} asc nulls last`, t.actId),
  ],
);

/**
 * Changes to how many visible acts have each "<list>:<value>" key ("_visible": how many there
 * are), summed by key: a browse's facets without a scan. Writes only ever append rows, so a
 * write to one act never waits on, or deadlocks with, a write to another (issue 32); a
 * periodic compaction folds the rows into one per key (compact_facet_counts()).
 */
export const facetCountChanges = pgTable("facet_count_changes", {
  key: text("key").notNull(),
  delta: integer("delta").notNull(),
});

/**
 * Changes to how many visible acts have both of two "<list>:<value>" keys (each pair twice, once
 * from each side), appended and compacted as facet_count_changes are: the counts of a list's
 * values among the acts with one chosen value, a planner's second tick, without a scan.
 */
export const facetPairCountChanges = pgTable(
  "facet_pair_count_changes",
  {
    key: text("key").notNull(),
    other: text("other").notNull(),
    delta: integer("delta").notNull(),
  },
  (t) => [index("facet_pair_count_changes_key_idx").on(t.key, t.other)],
);

/** Every word of every search document: where a misspelt word finds the word it meant. */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

// ---- moderation history ----

/** Every moderation action: who, what, when, and the values before and after. */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb("after").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_events_act_idx").on(t.actId, t.createdAt)],
);

// ---- uploaded files, before something uses them ----

/** Every stored upload: who sent it, what it is by its bytes, and what it is for. */
export const uploads = pgTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    purpose: text("purpose").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    originalName: text("original_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("uploads_purpose_check", sql`${t.purpose} in ('image', 'document', 'avatar', 'video')`)],
);

/** A resumable video upload in progress: which act it is for and the Uppy file id it answers to. */
export const videoUploads = pgTable(
  "video_uploads",
  {
    tusId: text("tus_id").primaryKey(),
    uppyId: text("uppy_id").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    completed: boolean("completed").notNull().default(false),
    createdAt: createdAt(),
    /** When its last bytes arrived: an unfinished upload is removed a day after this. */
    lastByteAt: timestamp("last_byte_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("video_uploads_owner_uppy_idx").on(t.ownerId, t.uppyId),
    index("video_uploads_act_open_idx").on(t.actId, t.completed),
  ],
);

/**
 * One counted action of an account (an event created, an act invited, a failed sign-in, ...),
 * kept while it still counts against the account's limit over its sliding window
 * (modules/accounts/server/account-limits.ts).
 */
export const accountActions = pgTable(
  "account_actions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    action: text("action").notNull(),
    /** A user id, or for sign-in failures the address tried. */
    subject: text("subject").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_actions_subject_idx").on(t.action, t.subject, t.at)],
);

// ---- curated search-engine copy and guides (content/ files are imported once; then admins edit) ----

/** A curated title and description for an act's profile (key: the act url) or a listing page (key: its path). */
export const seoEntries = pgTable(
  "seo_entries",
  {
    id: id(),
    kind: text("kind").$type<"act" | "listing">().notNull(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** A listing page's introduction, in paragraphs; empty for acts. */
    intro: jsonb("intro").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("seo_entries_kind_key_unique").on(t.kind, t.key),
    check("seo_entries_kind_check", sql`${t.kind} in ('act', 'listing')`),
  ],
);

/** A long-form page at /guides/{slug}. */
export const guides = pgTable("guides", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description"),
  paragraphs: jsonb("paragraphs").$type<string[]>().notNull().default([]),
  sections: jsonb("sections").$type<{ heading: string; paragraphs: string[] }[]>().notNull().default([]),
  links: jsonb("links").$type<{ label: string; path: string }[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The content/ files already imported: each is imported once, so an admin's delete stays deleted. */
export const contentImports = pgTable("content_imports", {
  file: text("file").primaryKey(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- notifications (issue 15) ----

/** What happened that a user should know of: the in-app list, newest first. */
/** The acts a planner saved (a heart on cards and profiles), to compare and ask for quotes. */
export const shortlists = pgTable(
  "shortlists",
  {
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.plannerId, t.actId] }),
    index("shortlists_planner_idx").on(t.plannerId, t.createdAt),
  ],
);

/**
 * One planner and one act talking, about one of the planner's events or about none yet: at
 * most one per planner, act and event (no event counts as one value). Read by the planner, the
 * act's manager and admins; written by the first two (modules/conversations/server/conversations.ts).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The newest message's time: lists show the latest activity first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("conversations_planner_act_event_unique").on(t.plannerId, t.actId, t.eventId).nullsNotDistinct(),
    index("conversations_planner_idx").on(t.plannerId, t.lastMessageAt),
    index("conversations_act_idx").on(t.actId, t.lastMessageAt),
  ],
);

/**
 * What was said in a conversation, oldest first by id: people's words (`text`), and the
 * invite, offers and booking of its event and act as they happen, written by whoever caused them.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("text"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check("messages_kind_check", sql`${t.kind} in ('text', 'invite', 'offer', 'booking')`),
  ],
);

/** How far each reader has read a conversation: the last message id they were shown. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadId: integer("last_read_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // Every signed-in page's header counts the unread ones.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Mail to send, written in the transaction of the change that caused it and sent by the
 * outbox worker (server/mail/outbox.ts): a row is claimed with FOR UPDATE SKIP LOCKED, so
 * with several servers each is sent once; a failed send is retried later, never dropped.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    notificationId: integer("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    /** A notification's mail is made from it when sent; other mail (a password reset) is written here. */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it; a worker that died lets it go when this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** The kinds of email a user turned off (the in-app list keeps them all). */
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ---- availability (issue 31) ----

/** Days an act's manager (or an admin) blocked: a range of whole days in the act's own calendar. */
export const actBlocks = pgTable(
  "act_blocks",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("act_blocks_act_idx").on(t.actId, t.startsOn),
    // The blocks covering a day (a search's date): a range's index finds them directly, where one
    // on (starts_on, ends_on) read every block starting in the year before (a seq scan at 1M acts).
    index("act_blocks_days_idx").using("gist", sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`),
    check("act_blocks_order", sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** An iCalendar feed an act subscribed to (the manager's Google, iCloud or Outlook calendar), read again and again. */
export const calendarSubscriptions = pgTable(
  "calendar_subscriptions",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    /** As the manager gave it (webcal:// included). */
    url: text("url").notNull(),
    /** When it was last read successfully: its busy days are from then. */
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /** Why the last read failed, when it did. */
    error: text("error"),
    lastTriedAt: timestamp("last_tried_at", { withTimezone: true }),
    /** When a server should read it next; a server claims it by moving this forward. */
    nextReadAt: timestamp("next_read_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_subscriptions_act_url_unique").on(t.actId, t.url),
    index("calendar_subscriptions_due_idx").on(t.nextReadAt),
  ],
);

/** The days a subscription's events cover, in the act's time zone: replaced whole by each good read. */
export const calendarBusyDays = pgTable(
  "calendar_busy_days",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => calendarSubscriptions.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** The first event's summary that day, for the manager's eyes only. */
    summary: text("summary"),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.day] }),
    index("calendar_busy_days_act_idx").on(t.actId, t.day),
    index("calendar_busy_days_day_idx").on(t.day, t.actId),
  ],
);

/**
 * The secret of an act's own calendar feed (/calendar/{token}.ics): made with the act (a
 * trigger on acts), 244 random bits from two v4 UUIDs; replacing it ends the old address.
 */
export const FEED_TOKEN_DEFAULT = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;
export const actCalendarFeeds = pgTable("act_calendar_feeds", {
  actId: integer("act_id")
    .primaryKey()
    .references(() => acts.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique().default(FEED_TOKEN_DEFAULT),
  createdAt: createdAt(),
});

/**
 * A problem either side reported on a booking, and how an admin resolved it
 * (modules/bookings/cases.ts): one open at a time per booking.
 */
export const cases = pgTable(
  "cases",
  {
    id: id(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    side: text("side", { enum: ["planner", "act"] }).notNull(),
    kind: text("kind", { enum: CASE_KINDS }).notNull(),
    details: text("details").notNull(),
    status: text("status", { enum: CASE_STATUSES }).notNull().default("open"),
    refundCents: integer("refund_cents"),
    note: text("note"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** A chargeback's case: Stripe's dispute, opened and closed by its events. */
    disputeId: text("dispute_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check("cases_kind_check", sql`${t.kind} in ('no_show', 'late', 'not_as_agreed', 'other', 'dispute')`),
    check("cases_status_check", sql`${t.status} in ('open', 'resolved')`),
    check("cases_side_check", sql`${t.side} in ('planner', 'act')`),
    uniqueIndex("cases_one_open_per_booking").on(t.bookingId).where(sql`${t.status} = 'open'`),
    index("cases_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Stripe's events, each applied once: its id is kept in the transaction that applied it, so a
 * retried delivery (or the same one at two servers at once) finds it and changes nothing.
 */
/**
 * Each reminder and request sent, once per subject and moment: a job run twice (a crash after the
 * mail was queued, two servers) finds its row and sends nothing more.
 */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    /** The job kind (event_reminder, payment_due, offer_expiring, review_request) and its subject's key. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why a signed event was not applied (its amount, currency or payment not ours): admins read these. */
    notApplied: text("not_applied"),
    /**
     * An event that came before what it needs (a charge.refunded before its checkout's completion):
     * kept whole, with the PaymentIntent it waits for, and applied when that payment is paid.
     */
    waitingFor: text("waiting_for"),
    payload: jsonb("payload"),
  },
  (t) => [index("stripe_events_waiting_idx").on(t.waitingFor).where(sql`${t.waitingFor} is not null`)],
);
