import { newBookingNumber } from "#modules/bookings/server/start";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Role } from "#domain/roles";
import type { ActTagRelation, TagType } from "#domain/tags";
import { type FileStorage, newKey } from "#server/storage/file-storage";
import { geocodeLocations } from "#server/db/places-load";
import { scheduleBooking } from "#modules/bookings/server/start";
import { type JobQueue, openJobQueue } from "#server/jobs/job-queue";
import { createLogger } from "#server/logger";
import type { Database, DatabaseHandle, Transaction } from "#server/db/client";
import { simplePdf } from "./demo-files";
import { type PosterAct, pictureJpeg } from "#server/db/act-posters";
import { seededRandom } from "#server/db/seeded-random";
import { DEMO_TAGS } from "./demo-tags";
import * as t from "#start/schema";

export const DEMO_PASSWORD = "demo-password";

const DAY = 24 * 60 * 60 * 1000;

const DEMO_USERS: {
  key: string;
  email: string;
  name: string;
  role: Role;
  phone?: string;
  w9?: boolean;
  dd?: boolean;
}[] = [
  { key: "admin", email: "admin@example.com", name: "Avery Admin", role: "ADMIN" },
  {
    key: "artist",
    email: "artist@example.com",
    name: "Riley Artist",
    role: "ARTIST",
    phone: "+1 312 555 0142",
    w9: true,
    dd: false,
  },
  {
    key: "artist2",
    email: "artist2@example.com",
    name: "Sam Artist",
    role: "ARTIST",
    phone: "+1 415 555 0199",
    w9: false,
    dd: true,
  },
  { key: "planner", email: "planner@example.com", name: "Pat Planner", role: "PLANNER" },
  { key: "planner2", email: "planner2@example.com", name: "Jordan Planner", role: "PLANNER" },
];

const REVIEWS: [number, string, string, string][] = [
  [5, "Packed dance floor all night", "They read the room perfectly and kept every generation dancing.", "Megan R."],
  [5, "Worth every penny", "Professional from the first call to the last song.", "David K."],
  [4, "Great energy", "Fantastic horn section. The first set started a few minutes late.", "Priya S."],
  [5, "Our guests still talk about it", "The Motown medley was the highlight of our wedding.", "Chris and Dana"],
  [3, "Good, not great", "Solid musicians, but the volume was too high for our venue.", "Alex T."],
  [4, "Smooth corporate gig", "They handled our awards segment and music without a hitch.", "Sam O."],
  [5, "Incredible vocals", "The lead singer is a star. Requests were played without fuss.", "Jamie L."],
  [2, "Not the right fit", "Talented, but they did not learn our first-dance song as agreed.", "Morgan P."],
  [5, "Best band in Chicago", "Tight, fun and easy to work with.", "Taylor W."],
  [4, "Very good", "Great set list and friendly crew.", "Robin F."],
  [1, "Arrived late", "Setup ran into our dinner hour and we lost the first set.", "Casey M."],
  [5, "Perfect night", "Everything we hoped for and more.", "Jordan and Lee"],
];

/**
 * Loads the demo data (the README's demo accounts, their acts, events, reviews and conversations)
 * into an empty database, in one transaction. Its booking is scheduled as the book move schedules
 * one (payments due in the ledger, reminders, the review request), through a job queue opened
 * for the seed and closed after it.
 */
export async function seedDemoData(
  database: DatabaseHandle,
  options: { storage: FileStorage; now?: Date },
): Promise<void> {
  await withSeedJobs(database, (jobs) => seedDemo(database.db, jobs, options));
}

/** A job queue that only schedules (the servers work it), for the seeds' bookings. */
export async function withSeedJobs<T>(database: DatabaseHandle, seed: (jobs: JobQueue) => Promise<T>): Promise<T> {
  const jobs = await openJobQueue(database, createLogger("silent"), { work: false });
  try {
    return await seed(jobs);
  } finally {
    await jobs.stop();
  }
}

async function seedDemo(db: Database, jobs: JobQueue, options: { storage: FileStorage; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const files = await writeDemoFiles(options.storage);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const userIds = await insertUsers(tx, passwordHash);
    const tagIds = await insertTags(tx);
    const tag = (type: TagType, name: string) => {
      const id = tagIds.get(`${type}:${name}`);
      if (!id) throw new Error(`Demo tag missing: ${type} ${name}`);
      return id;
    };
    const link = async (actId: number, relation: ActTagRelation, type: TagType, names: string[]) => {
      if (names.length)
        await tx.insert(t.actTags).values(names.map((name) => ({ actId, relation, tagId: tag(type, name) })));
    };

    const [velvet] = await tx
      .insert(t.acts)
      .values({
        url: "the-velvet-tones",
        name: "The Velvet Tones",
        avatar: files.avatar,
        headline: "Chicago's Motown and soul party band",
        description:
          "The Velvet Tones are a nine-piece soul and Motown band with a full horn section, playing weddings, galas and corporate events across the Midwest since 2012.",
        location: "Chicago, IL",
        compareTo: "Earth, Wind & Fire meets Bruno Mars",
        active: true,
        applicationComplete: true,
        musical: true,
        isFeatured: true,
        managerId: userIds.artist,
        social: {
          facebook: "https://www.facebook.com/thevelvettones",
          instagram: "https://www.instagram.com/thevelvettones",
          spotify: "https://open.spotify.com/artist/velvettones",
          web: "https://thevelvettones.example.com",
        },
        additionalInfo: "Prefers load-in two hours before the first set. Travels with own sound engineer.",
        hasPerformedCorporateEvent: true,
        corporateEventExperience: "Holiday parties and award nights for Fortune 500 companies.",
      })
      .returning();
    const velvetId = velvet!.id;
    await tx.insert(t.actLocations).values([
      { actId: velvetId, location: "Milwaukee, WI", rank: 1 },
      { actId: velvetId, location: "Indianapolis, IN", rank: 2 },
    ]);
    await link(velvetId, "genres", "Genre", ["Motown", "Soul", "Funk"]);
    await link(velvetId, "songTypes", "Song Type", ["Cover Songs", "Dance Music"]);
    await link(velvetId, "bandSetups", "Band Setup", ["7+ Piece Band"]);
    await link(velvetId, "eventTypes", "Event Type", ["Wedding", "Corporate Event", "Private Party"]);

    await tx.insert(t.reviews).values(
      REVIEWS.map(([rating, title, body, reviewerName], index) => ({
        actId: velvetId,
        rating,
        title,
        body,
        reviewerName,
        allowReviewerName: index !== 4,
        createdAt: new Date(now.getTime() - (index + 1) * 9 * DAY),
      })),
    );
    await tx.insert(t.testimonials).values([
      {
        actId: velvetId,
        name: "Laura Chen",
        organization: "Hyatt Regency Chicago",
        orgPosition: "Events Director",
        content: "The Velvet Tones are our first recommendation for any couple who wants a full dance floor.",
        rank: 1,
      },
      {
        actId: velvetId,
        name: "Marcus Hill",
        organization: "Hartwell & Pine Architects",
        orgPosition: "Head of People",
        content: "They made our holiday party the best one in company history.",
        rank: 2,
      },
      {
        actId: velvetId,
        name: "Sofia Alvarez",
        organization: null,
        orgPosition: null,
        content: "Booking them was the easiest decision of our wedding planning.",
        rank: 3,
      },
    ]);
    const packageRows = await tx
      .insert(t.packages)
      .values([
        {
          actId: velvetId,
          title: "Ceremony and Cocktail Hour",
          description: "A string-and-horn trio for your ceremony, then a jazz quartet through cocktails.",
          priceFromCents: 250_000,
          priceToCents: 400_000,
          rank: 1,
        },
        {
          actId: velvetId,
          title: "Full Reception",
          description: "Four 45-minute sets from the full nine-piece band, with DJ music between sets.",
          priceFromCents: 850_000,
          priceToCents: 1_400_000,
          rank: 2,
        },
        {
          actId: velvetId,
          title: "Corporate Showcase",
          description: "Two high-energy sets with branded walk-on music and an emcee for your awards.",
          priceFromCents: 700_000,
          priceToCents: null,
          rank: 3,
        },
      ])
      .returning({ id: t.packages.id });
    await tx.insert(t.packageEventTypes).values([
      { packageId: packageRows[0]!.id, tagId: tag("Event Type", "Wedding") },
      { packageId: packageRows[1]!.id, tagId: tag("Event Type", "Wedding") },
      { packageId: packageRows[1]!.id, tagId: tag("Event Type", "Private Party") },
      { packageId: packageRows[2]!.id, tagId: tag("Event Type", "Corporate Event") },
    ]);
    await tx.insert(t.images).values(
      files.images.map((path, index) => ({
        actId: velvetId,
        path,
        createdAt: new Date(now.getTime() - (10 - index) * DAY),
      })),
    );
    await tx.insert(t.videos).values([
      {
        actId: velvetId,
        link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
      { actId: velvetId, link: "https://vimeo.com/76979871", createdAt: new Date(now.getTime() - DAY) },
    ]);
    await tx.insert(t.documents).values([
      {
        actId: velvetId,
        title: "Stage Plot",
        filePath: files.documents[0]!,
        filePathRaw: "stage-plot.pdf",
        isPublic: true,
        approval: "approved",
      },
      {
        actId: velvetId,
        title: "Song List",
        filePath: files.documents[1]!,
        filePathRaw: "song-list.pdf",
        isPublic: true,
        approval: "approved",
      },
      {
        actId: velvetId,
        title: "Insurance Certificate",
        filePath: files.documents[2]!,
        filePathRaw: "insurance.pdf",
        isPublic: false,
        approval: "approved",
      },
    ]);

    await tx.insert(t.acts).values({
      url: "dj-nova",
      name: "DJ Nova",
      active: true,
      applicationComplete: true,
      musical: true,
      managerId: userIds.artist,
    });

    const [kim] = await tx
      .insert(t.acts)
      .values({
        url: "keynote-kim",
        name: "Keynote Kim",
        headline: "Leadership keynotes that stay with your team",
        description: "Kim Park speaks on resilient teams and leading through change.",
        location: "San Francisco, CA",
        active: true,
        applicationComplete: true,
        musical: false,
        internalUseOnly: true,
        nationallyRecognized: true,
        managerId: userIds.artist2,
      })
      .returning();
    await link(kim!.id, "speakerTypes", "Speaker Type", ["Keynote Speaker", "Motivational Speaker"]);

    const [pending] = await tx
      .insert(t.acts)
      .values({
        url: "pending-act",
        name: "Pending Act",
        applicationComplete: true,
        musical: true,
        managerId: userIds.artist2,
        location: "Austin, TX",
      })
      .returning();
    await link(pending!.id, "genres", "Genre", ["Rock"]);
    await link(pending!.id, "songTypes", "Song Type", ["Cover Songs"]);
    await link(pending!.id, "bandSetups", "Band Setup", ["4-6 Piece Band"]);
    const [request] = await tx
      .insert(t.tagUpdateRequests)
      .values({ actId: pending!.id, requestedBy: userIds.artist2, musical: true })
      .returning();
    await tx.insert(t.tagUpdateRequestTags).values([
      { requestId: request!.id, relation: "genres", tagId: tag("Genre", "Rock") },
      { requestId: request!.id, relation: "genres", tagId: tag("Genre", "Blues") },
      { requestId: request!.id, relation: "songTypes", tagId: tag("Song Type", "Cover Songs") },
      { requestId: request!.id, relation: "bandSetups", tagId: tag("Band Setup", "Trio") },
    ]);

    await tx.insert(t.acts).values([
      { url: "draft-act", name: "Draft Act", applicationComplete: false, musical: true, managerId: userIds.artist2 },
      {
        url: "declined-act",
        name: "Declined Act",
        applicationComplete: true,
        declined: true,
        declineReason: "Photos and videos do not show a live performance.",
        musical: true,
        managerId: userIds.artist2,
      },
    ]);

    await insertPlannerEvents(tx, jobs, userIds.planner!, velvetId, now);
  });
  await geocodeLocations(db);
}

/** The Velvet Tones as the catalogue's acts are drawn: posters in their colours (server/db/act-posters.ts). */
const VELVET_POSTER: PosterAct = {
  name: "The Velvet Tones",
  icon: "band",
  subtitle: "Motown & soul band · Chicago",
  city: "Chicago",
  eventTypes: ["Weddings", "Galas", "Corporate events"],
  hue: 285,
};

async function writeDemoFiles(storage: FileStorage) {
  const images: string[] = [];
  for (let variant = 0; variant < 6; variant++) {
    const key = newKey("images", "jpg");
    await storage.save(key, await pictureJpeg({ act: VELVET_POSTER, seed: 100 + variant, variant }, seededRandom));
    images.push(key);
  }
  const avatar = newKey("avatars", "jpg");
  await storage.save(avatar, await pictureJpeg({ act: VELVET_POSTER, seed: 99, avatar: true }, seededRandom));
  const documents: string[] = [];
  for (const title of ["Stage Plot", "Song List", "Insurance Certificate"]) {
    const key = newKey("documents", "pdf");
    await storage.save(key, simplePdf(`The Velvet Tones - ${title}`));
    documents.push(key);
  }
  return { images, avatar, documents };
}

async function insertUsers(tx: Transaction, passwordHash: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const user of DEMO_USERS) {
    const id = randomUUID();
    ids[user.key] = id;
    await tx.insert(t.users).values({
      id,
      name: user.name,
      email: user.email,
      emailVerified: true,
      role: user.role,
      url: user.key,
      phone: user.phone ?? null,
      w9Received: user.w9 ?? false,
      directDepositReceived: user.dd ?? false,
    });
    await tx
      .insert(t.accounts)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: passwordHash });
  }
  return ids;
}

async function insertTags(tx: Transaction): Promise<Map<string, number>> {
  const rows = Object.entries(DEMO_TAGS).flatMap(([type, names]) => names.map((name) => ({ type, name })));
  const inserted = await tx.insert(t.tags).values(rows).returning();
  return new Map(inserted.map((row) => [`${row.type}:${row.name}`, row.id]));
}

/** An event's start as a planner would set it: `days` from now, on the hour, in the evening (6 or 7 PM in Chicago). */
function eveningInChicago(now: Date, days: number): Date {
  const day = new Date(now.getTime() + days * DAY);
  day.setUTCHours(24, 0, 0, 0);
  return day;
}

async function insertPlannerEvents(tx: Transaction, jobs: JobQueue, plannerId: string, velvetId: number, now: Date) {
  const [past, , upcomingInvited] = await tx
    .insert(t.events)
    .values([
      {
        url: "spring-gala",
        plannerId,
        name: "Spring Gala",
        starttime: eveningInChicago(now, -30),
        location: "Chicago, IL",
      },
      {
        url: "summer-wedding",
        plannerId,
        name: "Summer Wedding",
        starttime: eveningInChicago(now, 60),
        location: "Evanston, IL",
      },
      {
        url: "company-holiday-party",
        plannerId,
        name: "Company Holiday Party",
        starttime: eveningInChicago(now, 30),
        location: "Chicago, IL",
      },
    ])
    .returning();
  const [pastInvite] = await tx
    .insert(t.invites)
    .values([
      { eventId: past!.id, actId: velvetId, createdAt: new Date(now.getTime() - 60 * DAY) },
      { eventId: upcomingInvited!.id, actId: velvetId, createdAt: new Date(now.getTime() - 3 * DAY) },
    ])
    .returning();
  const [acceptedOffer] = await tx
    .insert(t.offers)
    .values({
      inviteId: pastInvite!.id,
      priceCents: 850_000,
      message: "Full band, four sets, sound included.",
      status: "accepted",
      dateTimePosted: new Date(now.getTime() - 55 * DAY),
    })
    .returning();
  // Booked when the offer was accepted, 55 days ago: its balance fell due before the gala, and
  // the act has not recorded it yet; its moments have passed (the servers find nothing to send
  // but the review request).
  const bookedAt = new Date(now.getTime() - 55 * DAY);
  const [booking] = await tx
    .insert(t.bookings)
    .values({
      eventId: past!.id,
      actId: velvetId,
      offerId: acceptedOffer!.id,
      number: newBookingNumber(),
      acceptedBy: plannerId,
      createdAt: bookedAt,
    })
    .returning({ id: t.bookings.id, number: t.bookings.number });
  await scheduleBooking(
    tx,
    jobs,
    booking!,
    { priceCents: acceptedOffer!.priceCents, depositCents: acceptedOffer!.depositCents },
    { starttime: past!.starttime, timeZone: null },
    bookedAt,
  );
}
