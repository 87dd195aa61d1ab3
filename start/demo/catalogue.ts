import { newBookingNumber } from "#modules/bookings/server/start";
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { inArray, sql } from "drizzle-orm";
import { slugify } from "#domain/slug";
import type { ActTagRelation } from "#domain/tags";
import { type FileStorage, newKey } from "#server/storage/file-storage";
import { refreshSearchRows, withRowTriggersOff } from "#server/db/bulk-acts";
import { scheduleBooking } from "#modules/bookings/server/start";
import type { JobQueue } from "#server/jobs/job-queue";
import type { Database, DatabaseHandle, Transaction } from "#server/db/client";
import {
  ACT_ANSWERS,
  ACT_KINDS,
  CATALOGUE_PLANNERS,
  PLANNER_ASKS,
  type ActKind,
  BAND_ADJECTIVES,
  BAND_NOUNS,
  CATALOGUE_CITIES,
  CITY_PRICE_FACTORS,
  DJ_NAMES,
  ENSEMBLE_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  NAME_PROMISES,
  REVIEW_TEMPLATES,
  VARIETY_HEADLINES,
} from "./catalogue-words";
import { type Picture, type PosterAct, type PosterIcon, pictureJpeg } from "#server/db/act-posters";
import { refreshAllResponseFacts } from "#modules/conversations/server/start";
import * as t from "#start/schema";
import { DEMO_PASSWORD, withSeedJobs } from "./seed";
import { seededRandom } from "#server/db/seeded-random";

export const CATALOGUE_ACTS = 320;
const DAY = 24 * 60 * 60 * 1000;
/** An act's one to four photos are numbers drawn from a pool of this many (each becomes a poster of the act's own). */
const PHOTO_POOL = 60;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/**
 * The item at `start`, or the next one after it whose key is not used yet (wrapping round; the
 * item at `start` when all are used), marked used: one act never shows the same review twice.
 */
function unused<T>(items: readonly T[], start: number, used: Set<string>, keyOf: (item: T) => string): T {
  for (let step = 0; step < items.length; step++) {
    const item = items[(start + step) % items.length]!;
    if (!used.has(keyOf(item))) {
      used.add(keyOf(item));
      return item;
    }
  }
  return items[start]!;
}

function pickSome<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const count = Math.min(items.length, min + Math.floor(random() * (max - min + 1)));
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}
function pickKind(random: Random): ActKind {
  const total = ACT_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  let roll = random() * total;
  for (const kind of ACT_KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return ACT_KINDS[0]!;
}

function actName(random: Random, kind: ActKind, variety: string | undefined): string {
  const person = `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
  switch (kind.key) {
    case "band":
      return random() < 0.5
        ? `The ${pick(random, BAND_ADJECTIVES)} ${pick(random, BAND_NOUNS)}`
        : `${pick(random, BAND_ADJECTIVES)} ${pick(random, BAND_NOUNS)}`;
    case "dj":
      return `DJ ${pick(random, DJ_NAMES)}`;
    case "ensemble":
      return `${pick(random, BAND_ADJECTIVES)} ${pick(random, ENSEMBLE_WORDS)}`;
    case "soloist":
    case "speaker":
      return person;
    case "variety":
      return variety === "Magician"
        ? `${person.split(" ")[0]} the Magician`
        : variety === "Comedian"
          ? `${person}, Comedian`
          : variety === "Caricature Artist"
            ? `${person.split(" ")[0]}'s Caricatures`
            : `${pick(random, BAND_ADJECTIVES)} ${variety === "Aerialist" ? "Aerial Arts" : "Fire Company"}`;
  }
}

/** A template's words filled in; an act of one genre plays "Soul", not "Soul and Soul". */
function fill(template: string, values: Record<string, string>): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
  const genre = values.genre;
  return genre ? filled.replaceAll(`${genre} and ${genre}`, genre).replaceAll(`${genre}, ${genre}`, genre) : filled;
}

/**
 * The genres and setup an act's name promises (NAME_PROMISES), drawn without the catalogue's
 * generator so that every other act stays as it was: the first genre becomes a promised one when
 * it is not, and other genres that break the promise are dropped.
 */
function keepNamePromises(
  name: string,
  kind: ActKind,
  index: number,
  genres: string[],
  setup: string,
): { genres: string[]; setup: string } {
  const sound = NAME_PROMISES.find((promise) => promise.genres && promise.word.test(name));
  const size = NAME_PROMISES.find((promise) => promise.setup && promise.word.test(name));
  let kept = genres;
  const promised = sound?.genres?.filter((genre) => kind.genres.includes(genre)) ?? [];
  if (promised.length && genres.length) {
    const fitting = genres.filter((genre) => promised.includes(genre));
    kept = fitting.length ? fitting : [promised[index % promised.length]!];
  }
  return { genres: kept, setup: size?.setup && kind.bandSetups.includes(size.setup) ? size.setup : setup };
}

interface PlannedAct {
  row: typeof t.acts.$inferInsert;
  manager: string;
  tags: { relation: ActTagRelation; type: string; name: string }[];
  locations: string[];
  reviews: { rating: 1 | 2 | 3 | 4 | 5; title: string; body: string; reviewerName: string; createdAt: Date }[];
  offerings: {
    title: string;
    description: string;
    eventTypes: string[];
    priceFromCents: number | null;
    priceToCents: number | null;
  }[];
  photos: number[];
  bookedDays: number[];
  conversations: PlannedConversation[];
  poster: PosterAct;
}

/** A planner's first message to an act, and the act's answer after some hours (or none yet). */
interface PlannedConversation {
  planner: number;
  daysAgo: number;
  ask: string;
  answerHours: number | null;
  answer: string;
}

/**
 * Most acts have been written to by three to six of the catalogue's planners in the last weeks,
 * and answered most of them within hours: enough for response facts (modules/conversations/conversations.ts).
 * Drawn from a generator of the act's own, so that every other choice stays as it was.
 */
function plannedConversations(
  seed: number,
  index: number,
  words: { name: string; city: string },
  eventTypes: string[],
): PlannedConversation[] {
  const random = seededRandom(seed * 13 + index * 6151 + 5);
  if (random() < 0.15) return [];
  // Hours an act usually takes to answer: most within the day, as the acts planners keep do.
  const speed = 0.3 + random() * 12;
  const planners = pickSome(
    random,
    CATALOGUE_PLANNERS.map((_, n) => n),
    3,
    6,
  );
  return planners.map((planner) => {
    const values = {
      ...words,
      event: (pick(random, eventTypes) ?? "event").toLowerCase(),
      guests: String(40 + Math.floor(random() * 26) * 10),
    };
    const answered = random() < 0.9;
    return {
      planner,
      daysAgo: 2 + Math.floor(random() * 80),
      ask: fill(pick(random, PLANNER_ASKS), values),
      answerHours: answered ? Math.round(speed * (0.5 + random()) * 10) / 10 : null,
      answer: fill(pick(random, ACT_ANSWERS), values),
    };
  });
}

/** What makes two names the same to a reader: their words, without a leading "The". */
const nameKey = (name: string) => slugify(name).replace(/^the-/, "");

/** What the catalogue holds, made from the seed alone: names, words, tags, places, reviews, bookings. */
export function planCatalogue(count: number, now: Date, seed = 20261124): PlannedAct[] {
  const random = seededRandom(seed);
  const usedNames = new Set<string>();
  const planned: PlannedAct[] = [];
  for (let index = 0; index < count; index++) {
    const kind = pickKind(random);
    const city = CATALOGUE_CITIES[index % CATALOGUE_CITIES.length]!;
    const cityName = city.split(",")[0]!;
    const drawnGenres = kind.musical ? pickSome(random, kind.genres, 1, 3) : [];
    const variety = kind.varietyTypes.length ? pick(random, kind.varietyTypes) : undefined;
    let name = actName(random, kind, variety);
    if (usedNames.has(nameKey(name))) name = `${name} of ${cityName}`;
    // Two acts of one name side by side undermine the catalogue (issue 33), and so do "Avenue
    // Band" and "The Avenue Band": a name still taken is drawn again from a stream of this
    // act's own, so every later act stays as it was.
    for (let attempt = 1; usedNames.has(nameKey(name)); attempt++) {
      const drawn = actName(seededRandom(seed + index * 7919 + attempt), kind, variety);
      name = usedNames.has(nameKey(drawn)) ? `${drawn} of ${cityName}` : drawn;
    }
    const url = slugify(name);
    usedNames.add(nameKey(name));
    const drawnSetup = kind.bandSetups.length ? pick(random, kind.bandSetups) : "";
    const { genres, setup } = keepNamePromises(name, kind, index, drawnGenres, drawnSetup);
    const words = {
      name,
      city: cityName,
      genre: genres[0] ?? "",
      genre2: genres[1] ?? genres[0] ?? "",
      setup: setup.toLowerCase(),
      // Drawn either way, so that the generator's stream is as it was; the name's own word wins.
      ensemble: ((drawn) => ENSEMBLE_WORDS.find((word) => name.endsWith(word)) ?? drawn)(
        pick(random, ENSEMBLE_WORDS),
      ).toLowerCase(),
      variety: (variety ?? "variety").toLowerCase(),
      gigs: String(50 + Math.floor(random() * 900)),
      year: String(2004 + Math.floor(random() * 18)),
    };
    const eventTypes = pickSome(random, kind.eventTypes, 2, 4);
    const tags: PlannedAct["tags"] = [
      ...genres.map((value) => ({ relation: "genres" as const, type: "Genre", name: value })),
      ...(kind.songTypes.length
        ? pickSome(random, kind.songTypes, 1, 2).map((value) => ({
            relation: "songTypes" as const,
            type: "Song Type",
            name: value,
          }))
        : []),
      ...(setup ? [{ relation: "bandSetups" as const, type: "Band Setup", name: setup }] : []),
      ...(variety ? [{ relation: "varietyTypes" as const, type: "Variety Type", name: variety }] : []),
      ...(kind.speakerTypes.length
        ? pickSome(random, kind.speakerTypes, 1, 2).map((value) => ({
            relation: "speakerTypes" as const,
            type: "Speaker Type",
            name: value,
          }))
        : []),
      ...eventTypes.map((value) => ({ relation: "eventTypes" as const, type: "Event Type", name: value })),
    ];
    const others = CATALOGUE_CITIES.filter((label) => label !== city);
    const locations = [city, ...pickSome(random, others, 0, random() < 0.6 ? 0 : 2)];
    const reviewCount = random() < 0.2 ? 0 : 1 + Math.floor(random() * 9);
    const quality = 3 + random() * 2;
    const usedReviews = new Set<string>();
    const reviews = Array.from({ length: reviewCount }, (_, n) => {
      const rating = Math.max(1, Math.min(5, Math.round(quality + (random() - 0.6) * 2.2))) as 1 | 2 | 3 | 4 | 5;
      const [title, body] = unused(
        REVIEW_TEMPLATES[rating],
        Math.floor(random() * REVIEW_TEMPLATES[rating].length),
        usedReviews,
        ([title]) => title,
      );
      return {
        rating,
        title,
        body,
        reviewerName: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES).charAt(0)}.`,
        createdAt: new Date(now.getTime() - (n * 23 + Math.floor(random() * 20) + 1) * DAY),
      };
    });
    const prices = offeringPrices(seed, index, city);
    const offerings = pickSome(random, kind.offerings, 1, kind.offerings.length).map(
      ([title, description, from, to]) => ({
        title,
        description,
        eventTypes: pickSome(random, eventTypes, 1, 2),
        ...prices(from, to),
      }),
    );
    const description = kind.descriptions
      .map((sentence) => fill(sentence, words))
      .filter(() => random() < 0.85)
      .join(" ");
    const corporate = eventTypes.includes("Corporate Event") && random() < 0.7;
    planned.push({
      manager: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
      row: {
        url,
        name,
        headline: variety ? VARIETY_HEADLINES[variety]! : fill(pick(random, kind.headlines), words),
        description: description || fill(kind.descriptions[0]!, words),
        location: city,
        compareTo: null,
        active: true,
        applicationComplete: true,
        musical: kind.musical,
        isFeatured: random() < 0.08,
        nationallyRecognized: random() < 0.06,
        hasPerformedCorporateEvent: corporate,
        corporateEventExperience: corporate ? "Company parties, product launches and award nights." : null,
        social:
          random() < 0.5
            ? { web: `https://${url}.example.com`, instagram: `https://www.instagram.com/${url.replace(/-/g, "")}` }
            : {},
        createdAt: new Date(now.getTime() - Math.floor(random() * 700) * DAY - index * 60_000),
      },
      tags,
      locations,
      reviews,
      offerings,
      photos: pickSome(
        random,
        Array.from({ length: PHOTO_POOL }, (_, n) => n),
        1,
        4,
      ),
      bookedDays: random() < 0.3 ? pickSome(random, [3, 7, 10, 14, 17, 21, 24, 28, 35, 42, 49, 56], 1, 3) : [],
      conversations: plannedConversations(seed, index, words, eventTypes),
      poster: {
        name,
        icon: (variety ?? kind.key) as PosterIcon,
        subtitle: `${posterKind(kind, words, tags)} · ${cityName}`,
        city: cityName,
        eventTypes,
        hue: [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, index * 17),
      },
    });
  }
  return planned;
}

/** What a poster says an act is: "Soul band", "Top 40 DJ", "String quartet", "Keynote Speaker". */
function posterKind(kind: ActKind, words: { genre: string; ensemble: string }, tags: PlannedAct["tags"]): string {
  const first = (relation: string) => tags.find((tag) => tag.relation === relation)?.name;
  switch (kind.key) {
    case "band":
      return `${words.genre} band`;
    case "dj":
      return `${words.genre} DJ`;
    case "ensemble":
      return words.ensemble.charAt(0).toUpperCase() + words.ensemble.slice(1);
    case "soloist":
      return `${words.genre} soloist`;
    case "speaker":
      return first("speakerTypes") ?? "Speaker";
    case "variety":
      return first("varietyTypes") ?? "Variety act";
  }
}

/**
 * An act's prices for its offerings: the kind's usual range, scaled by its city's costs and by
 * how much the act itself asks (0.8 to 1.3), rounded to $50. About one act in twelve names no
 * prices, and some ranges have no top. Drawn from a generator of the act's own, so that prices
 * leave every other choice of the catalogue as it was.
 */
function offeringPrices(seed: number, index: number, city: string) {
  const random = seededRandom(seed * 31 + index * 7907 + 17);
  const shown = random() >= 0.08;
  const level = (CITY_PRICE_FACTORS[city] ?? 1) * (0.8 + random() * 0.5);
  const cents = (dollars: number) => Math.max(1, Math.round((dollars * level) / 50)) * 50 * 100;
  return (from: number, to: number) => {
    if (!shown) return { priceFromCents: null, priceToCents: null };
    return { priceFromCents: cents(from), priceToCents: random() < 0.15 ? null : cents(to) };
  };
}

/**
 * The demo catalogue (issue 12): `count` approved acts over real US cities, every tag list
 * used, with words, reviews, offerings, photos and some booked dates, all made from a fixed
 * seed. Loaded after the contract's demo data, in one transaction; search rows are built once
 * at the end rather than by a trigger per row.
 */
export async function seedCatalogue(
  database: DatabaseHandle,
  options: { storage: FileStorage; now?: Date; count?: number },
): Promise<void> {
  await withSeedJobs(database, (jobs) => seedCatalogueActs(database.db, jobs, options));
}

async function seedCatalogueActs(
  db: Database,
  jobs: JobQueue,
  options: { storage: FileStorage; now?: Date; count?: number },
): Promise<void> {
  const now = options.now ?? new Date();
  const planned = planCatalogue(options.count ?? CATALOGUE_ACTS, now);
  // Each act's posters and avatar (server/db/act-posters.ts), drawn a few at a time.
  const photoKeys = planned.map((act) => act.photos.map(() => newKey("images", "jpg")));
  const avatars = planned.map(() => newKey("avatars", "jpg"));
  const pictures: { key: string; picture: Picture }[] = planned.flatMap((act, n) => [
    { key: avatars[n]!, picture: { act: act.poster, seed: n + 1, avatar: true as const } },
    ...act.photos.map((_, variant) => ({
      key: photoKeys[n]![variant]!,
      picture: { act: act.poster, seed: n * 8 + variant + 1, variant },
    })),
  ]);
  for (let start = 0; start < pictures.length; start += 8)
    await Promise.all(
      pictures
        .slice(start, start + 8)
        .map(async ({ key, picture }) => options.storage.save(key, await pictureJpeg(picture, seededRandom))),
    );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await withRowTriggersOff(
      tx,
      [
        "users",
        "acts",
        "act_tags",
        "act_locations",
        "reviews",
        "packages",
        "package_event_types",
        "images",
        "conversations",
        "messages",
      ],
      async () => {
        const managers = await insertCatalogueArtists(tx, planned, passwordHash);
        const first = await insertCatalogueRows(tx, jobs, planned, managers, avatars, photoKeys, now);
        // The acts' own trigger, which makes each its calendar feed's secret, is off during the load.
        await tx.execute(
          sql`insert into act_calendar_feeds (act_id) select id from acts where id >= ${first} on conflict do nothing`,
        );
        await refreshSearchRows(tx, first);
        await refreshAllResponseFacts(tx);
      },
    );
  });
}

/** The email of the artist account that runs a catalogue act: one account per act, for demos and tests. */
export function catalogueArtistEmail(actUrl: string): string {
  return `${actUrl}@artists.example.com`;
}

async function insertCatalogueArtists(tx: Transaction, planned: PlannedAct[], passwordHash: string): Promise<string[]> {
  const ids = planned.map(() => randomUUID());
  const users = planned.map((act, n) => ({
    id: ids[n]!,
    name: act.manager,
    email: catalogueArtistEmail(act.row.url),
    emailVerified: true,
    role: "ARTIST",
    url: `artist-${act.row.url}`,
  }));
  for (let start = 0; start < users.length; start += 500) {
    await tx.insert(t.users).values(users.slice(start, start + 500));
    await tx.insert(t.accounts).values(
      users.slice(start, start + 500).map((user) => ({
        id: randomUUID(),
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: passwordHash,
      })),
    );
  }
  return ids;
}

async function insertCatalogueRows(
  tx: Transaction,
  jobs: JobQueue,
  planned: PlannedAct[],
  managers: string[],
  avatars: string[],
  photoKeys: string[][],
  now: Date,
): Promise<number> {
  const tagRows = await tx.select().from(t.tags);
  const tagId = new Map(tagRows.map((tag) => [`${tag.type}:${tag.name}`, tag.id]));
  const places = await tx
    .select({ id: t.places.id, label: t.places.label })
    .from(t.places)
    .where(inArray(t.places.label, [...new Set(planned.flatMap((act) => act.locations))]));
  const placeId = new Map(places.map((place) => [place.label, place.id]));
  const inserted = await tx
    .insert(t.acts)
    .values(
      planned.map((act, n) => ({
        ...act.row,
        avatar: avatars[n],
        managerId: managers[n],
        placeId: placeId.get(act.row.location!) ?? null,
      })),
    )
    .returning({ id: t.acts.id });
  const ids = inserted.map((row) => row.id);
  const each = <T>(make: (act: PlannedAct, actId: number) => T[]) => planned.flatMap((act, n) => make(act, ids[n]!));
  const batches = async <T>(rows: T[], insert: (slice: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 500) await insert(rows.slice(start, start + 500));
  };
  await batches(
    each((act, actId) =>
      act.tags.map((tag) => ({ actId, relation: tag.relation, tagId: tagId.get(`${tag.type}:${tag.name}`)! })),
    ),
    (rows) => tx.insert(t.actTags).values(rows).onConflictDoNothing(),
  );
  await batches(
    each((act, actId) =>
      act.locations
        .slice(1)
        .map((location, rank) => ({ actId, location, placeId: placeId.get(location) ?? null, rank: rank + 1 })),
    ),
    (rows) => tx.insert(t.actLocations).values(rows),
  );
  await batches(
    each((act, actId) => act.reviews.map((review) => ({ actId, ...review }))),
    (rows) => tx.insert(t.reviews).values(rows),
  );
  await batches(
    planned.flatMap((_act, n) =>
      photoKeys[n]!.map((path, k) => ({ actId: ids[n]!, path, createdAt: new Date(now.getTime() - (k + 1) * DAY) })),
    ),
    (rows) => tx.insert(t.images).values(rows),
  );
  const offerings = each((act, actId) => act.offerings.map((offering, rank) => ({ actId, offering, rank: rank + 1 })));
  const packageIds = await tx
    .insert(t.packages)
    .values(
      offerings.map(({ actId, offering, rank }) => ({
        actId,
        title: offering.title,
        description: offering.description,
        priceFromCents: offering.priceFromCents,
        priceToCents: offering.priceToCents,
        rank,
      })),
    )
    .returning({ id: t.packages.id });
  await batches(
    offerings.flatMap(({ offering }, n) =>
      offering.eventTypes.map((name) => ({ packageId: packageIds[n]!.id, tagId: tagId.get(`Event Type:${name}`)! })),
    ),
    (rows) => tx.insert(t.packageEventTypes).values(rows).onConflictDoNothing(),
  );
  await insertCatalogueBookings(tx, jobs, planned, ids, placeId, now);
  await insertCatalogueConversations(tx, planned, ids, managers, now);
  return ids[0]!;
}

/** The planners' first messages and the acts' answers, for response facts as real acts have them. */
async function insertCatalogueConversations(
  tx: Transaction,
  planned: PlannedAct[],
  ids: number[],
  managers: string[],
  now: Date,
) {
  const plannerIds = CATALOGUE_PLANNERS.map(() => randomUUID());
  await tx.insert(t.users).values(
    CATALOGUE_PLANNERS.map((name, n) => ({
      id: plannerIds[n]!,
      name,
      email: `planner-${n + 1}@catalogue.invalid`,
      // Response facts count planners who confirmed their email (modules/conversations/server/response-facts.ts).
      emailVerified: true,
      role: "PLANNER",
      url: `catalogue-planner-${n + 1}`,
    })),
  );
  const written = planned.flatMap((act, n) =>
    act.conversations.map((conversation) => ({ conversation, actId: ids[n]!, manager: managers[n]! })),
  );
  const at = (daysAgo: number, hours = 0) => new Date(now.getTime() - daysAgo * DAY + hours * 3_600_000);
  for (let start = 0; start < written.length; start += 500) {
    const slice = written.slice(start, start + 500);
    const rows = await tx
      .insert(t.conversations)
      .values(
        slice.map(({ conversation, actId }) => ({
          plannerId: plannerIds[conversation.planner]!,
          actId,
          createdAt: at(conversation.daysAgo),
          lastMessageAt: at(conversation.daysAgo, conversation.answerHours ?? 0),
        })),
      )
      .returning({ id: t.conversations.id });
    await tx.insert(t.messages).values(
      slice.flatMap(({ conversation, manager }, n) => [
        {
          conversationId: rows[n]!.id,
          authorId: plannerIds[conversation.planner]!,
          body: conversation.ask,
          createdAt: at(conversation.daysAgo),
        },
        ...(conversation.answerHours === null
          ? []
          : [
              {
                conversationId: rows[n]!.id,
                authorId: manager,
                body: conversation.answer,
                createdAt: at(conversation.daysAgo, conversation.answerHours),
              },
            ]),
      ]),
    );
  }
}

/** Booked dates, so that a search for a date drops some acts: events of one planner account that cannot sign in. */
async function insertCatalogueBookings(
  tx: Transaction,
  jobs: JobQueue,
  planned: PlannedAct[],
  ids: number[],
  placeId: Map<string, number>,
  now: Date,
) {
  const bookings = planned.flatMap((act, n) => act.bookedDays.map((days) => ({ act, actId: ids[n]!, days })));
  if (!bookings.length) return;
  const plannerId = randomUUID();
  await tx.insert(t.users).values({
    id: plannerId,
    name: "Catalogue Bookings",
    email: "bookings@catalogue.invalid",
    role: "PLANNER",
    url: "catalogue-bookings",
  });
  const events = await tx
    .insert(t.events)
    .values(
      bookings.map(({ act, days }, n) => {
        // 7 PM UTC falls on the same local day in every US time zone.
        const day = new Date(now.getTime() + days * DAY);
        day.setUTCHours(19, 0, 0, 0);
        return {
          url: `catalogue-event-${n + 1}`,
          plannerId,
          name: `Private event ${n + 1}`,
          starttime: day,
          location: act.row.location!,
          placeId: placeId.get(act.row.location!) ?? null,
        };
      }),
    )
    .returning({ id: t.events.id, starttime: t.events.starttime, placeId: t.events.placeId });
  const zones = new Map(
    (
      await tx
        .select({ id: t.places.id, timeZone: t.places.timeZone })
        .from(t.places)
        .where(
          inArray(t.places.id, [
            ...new Set(events.map((event) => event.placeId).filter((id): id is number => id !== null)),
          ]),
        )
    ).map((place) => [place.id, place.timeZone]),
  );
  const invites = await tx
    .insert(t.invites)
    .values(bookings.map(({ actId }, n) => ({ eventId: events[n]!.id, actId })))
    .returning({ id: t.invites.id });
  const offers = await tx
    .insert(t.offers)
    .values(
      invites.map((invite, n) => ({
        inviteId: invite.id,
        priceCents: 150_000 + ((n * 37_500) % 900_000),
        message: "Confirmed.",
        status: "accepted" as const,
      })),
    )
    .returning({ id: t.offers.id, priceCents: t.offers.priceCents, depositCents: t.offers.depositCents });
  const made = await tx
    .insert(t.bookings)
    .values(
      bookings.map(({ actId }, n) => ({
        eventId: events[n]!.id,
        actId,
        offerId: offers[n]!.id,
        number: newBookingNumber(),
        acceptedBy: plannerId,
      })),
    )
    .returning({ id: t.bookings.id, number: t.bookings.number });
  // Each is scheduled as the book move schedules a booking: its payment due, with its reminders and moments.
  for (const [n, booking] of made.entries())
    await scheduleBooking(tx, jobs, booking, offers[n]!, {
      starttime: events[n]!.starttime,
      timeZone: zones.get(events[n]!.placeId ?? -1) ?? null,
    });
}
