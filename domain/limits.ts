/** The product's limits: lengths, counts, sizes of uploads, and what one account may do in a window. */
export const LIMITS = {
  maxVideos: 6,
  maxImages: 6,
  /** Not in the spec: what one act's profile may hold, since every view of it reads them all. */
  maxTestimonials: 50,
  maxOfferings: 30,
  /** How a planner pays an act directly, in the act's words. */
  paymentInstructions: 1000,
  /** Offers one invite may ever hold, withdrawn and declined ones too: each is a notice, a mail and a thread line. */
  maxOffersPerInvite: 5,
  /** An act's saved quotes (CONTRACT "What acts get to run their business"): a short list to pick from. */
  quoteTemplates: 20,
  /** Days one insights answer covers (a year, a leap year's too). */
  insightsDays: 366,
  maxDocuments: 30,
  reviewsShown: 5,
  maxGenres: 5,
  maxNonMusicalTags: 5,
  ratingMin: 1,
  ratingMax: 5,
  reviewerName: 50,
  title: 255,
  name: 255,
  organization: 255,
  position: 255,
  offeringDescription: 750,
  reviewBody: 1000,
  reviewReply: 1000,
  /** Why an admin adds a review (shown with it: "Added by EVA · …"). */
  reviewSourceNote: 255,
  testimonialContent: 1000,
  /** A message of a conversation. */
  messageBody: 2000,
  /** An offer's cancellation terms. */
  offerTerms: 2000,
  /** An act's note on a payment it records (how, a reference). */
  paymentNote: 500,
  /** Why a side cancels a booking. */
  cancelReason: 1000,
  /** Acts one quote request asks at once. */
  quoteRequestActs: 10,
  declineReason: 1000,
  reorderFirstRank: 1,
  reorderErrorToastMs: 4_000,
  featureToastMs: 5_000,
  videoChunkBytes: 50 * 1024 * 1024,
  videoFilesPerUpload: 1,
  videoUploadBytes: 2 * 1024 * 1024 * 1024,
  imageUploadBytes: 10 * 1024 * 1024,
  documentUploadBytes: 25 * 1024 * 1024,
  /** An upload that nothing uses is removed after this long. */
  unattachedUploadMs: 24 * 60 * 60 * 1000,
  /** Largest JSON body any /api call accepts; uploads have their own limits. */
  jsonBodyBytes: 256 * 1024,
  /** Curated search-engine copy and guides (the warnings for what engines show are in seo.ts). */
  seoTitle: 200,
  seoDescription: 1000,
  seoParagraph: 5000,
  seoParagraphs: 50,
  guideSections: 30,
  guideLinks: 30,
  guideSlug: 100,
  passwordMin: 10,
  passwordMax: 128,
} as const;

/**
 * What one account may do in a sliding window; past it the answer is 429 with Retry-After and nothing is written.
 */
export const ACCOUNT_LIMITS = {
  eventCreated: {
    max: 30,
    windowSeconds: 60 * 60,
    message: "You have created many events in the last hour. Try again later.",
  },
  actInvited: {
    max: 60,
    windowSeconds: 60 * 60,
    message: "You have invited many acts in the last hour. Try again later.",
  },
  conversationStarted: {
    max: 20,
    windowSeconds: 24 * 60 * 60,
    message: "You have started many conversations today. Try again tomorrow.",
  },
  messageSent: {
    max: 120,
    windowSeconds: 60 * 60,
    message: "You have sent many messages in the last hour. Try again later.",
  },
  /** Offers sent, on any invite; each also counts as a message (it writes a thread line). */
  offerSent: {
    max: 20,
    windowSeconds: 60 * 60,
    message: "You have sent many offers in the last hour. Try again later.",
  },
  fileUploaded: {
    max: 60,
    windowSeconds: 60 * 60,
    message: "You have uploaded many files in the last hour. Try again later.",
  },
  /** Artists' new acts (admins are not counted): drafts cost a row and a slug each. */
  actCreated: { max: 5, windowSeconds: 24 * 60 * 60, message: "You have created many acts today. Try again tomorrow." },
  /** Calendar subscriptions tried, refused ones too: each is a request our server makes for the account. */
  calendarSubscribeTried: {
    max: 10,
    windowSeconds: 60 * 60,
    message: "You have added many calendars in the last hour. Try again later.",
  },
  /** Failed sign-ins per account, whatever address they come from (besides the per-address limit). */
  signInFailed: {
    max: 10,
    windowSeconds: 15 * 60,
    message: "Too many failed sign-ins for this account. Try again later or reset your password.",
  },
} as const;
export type AccountAction = keyof typeof ACCOUNT_LIMITS;

/** Lists that grow with use are read a page at a time. */
export const PAGING = { defaultPerPage: 20, maxPerPage: 50 } as const;

/** Searches or uncached page renders one client may have in progress at once. */
export const CLIENT_CONCURRENCY = 4;

/** Unfinished resumable uploads per act, and how long one is kept after its last byte. */
export const OPEN_VIDEO_UPLOADS_PER_ACT = 2;
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The largest image (width x height) a photo or avatar may declare: 50 megapixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Live conversation streams (server-sent events): how many one account keeps open on a server,
 * how long one lives before the browser must reconnect, how often every reader's access is
 * checked again (a stream ends within this of its reader losing access), and how often a quiet
 * stream says it is still there.
 */
export const LIVE_STREAMS = {
  perAccount: 5,
  maxAgeMs: 60 * 60 * 1000,
  checkEveryMs: 4_000,
  /** How often every reader is asked of the database while the change notices are heard (decision 0069). */
  fullCheckEveryMs: 60_000,
  heartbeatMs: 25_000,
} as const;
