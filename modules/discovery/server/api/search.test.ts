import { newBookingNumber } from "#modules/bookings/server/booking-number";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeSearchFilter, type ActSearchFilter } from "#modules/discovery/search-filter";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { searchBounds } from "#modules/discovery/server/search/search-query";
import { eventually } from "#tests/setup/eventually";
import { compactFacetCounts } from "#modules/discovery/server/search/facet-counts";
import { actLocations, actTags, acts, tags } from "#modules/acts/server/tables";
import { bookings, events, invites, offers } from "#modules/bookings/server/tables";
import { packages, reviews } from "#modules/content/server/tables";
import { places } from "#server/db/schema";
import { users } from "#modules/accounts/server/tables";

let server: TestServer;

interface Fixture {
  url: string;
  name: string;
  headline?: string;
  description?: string;
  location: string;
  more?: string[];
  genres?: string[];
  events?: string[];
  variety?: string[];
  ratings?: number[];
  featured?: boolean;
  recognized?: boolean;
  active?: boolean;
  internal?: boolean;
  createdDaysAgo?: number;
  /** Offerings' price ranges in cents ([from, to]); the act's "from" price is the lowest start. */
  prices?: [number | null, number | null][];
}

const FIXTURES: Fixture[] = [
  {
    url: "austin-jazz-trio",
    name: "Austin Jazz Trio",
    headline: "Smooth standards for cocktail hours",
    location: "Austin, TX",
    genres: ["Jazz"],
    events: ["Wedding"],
    ratings: [5, 5, 4],
    createdDaysAgo: 30,
    prices: [[80_000, 120_000]],
  },
  {
    url: "round-rock-swing",
    name: "Round Rock Swing",
    headline: "Big band jazz and swing",
    location: "Round Rock, TX",
    genres: ["Jazz", "Swing"],
    events: ["Corporate Event"],
    ratings: [4],
    featured: true,
    createdDaysAgo: 20,
    prices: [
      [250_000, null],
      [150_000, 200_000],
      [null, null],
    ],
  },
  {
    url: "san-antonio-soul",
    name: "San Antonio Soul",
    description: "Motown and soul from the river walk",
    location: "San Antonio, TX",
    genres: ["Soul"],
    events: ["Wedding"],
    ratings: [3, 3],
    createdDaysAgo: 10,
  },
  {
    url: "houston-magic",
    name: "Houston Magic Mike",
    headline: "Close-up magic",
    location: "Houston, TX",
    more: ["Austin, TX"],
    variety: ["Magician"],
    events: ["Private Party"],
    recognized: true,
    createdDaysAgo: 5,
    prices: [[50_000, 90_000]],
  },
  {
    url: "cafe-creme",
    name: "Café Crème Quartet",
    headline: "Parisian jazz",
    location: "Dallas, TX",
    genres: ["Jazz"],
    createdDaysAgo: 2,
    prices: [[120_050, null]],
  },
  { url: "hidden-austin-jazz", name: "Hidden Austin Jazz", location: "Austin, TX", genres: ["Jazz"], internal: true },
  { url: "waiting-austin-jazz", name: "Waiting Austin Jazz", location: "Austin, TX", genres: ["Jazz"], active: false },
];

async function seedFixtures() {
  const db = server.database.db;
  const [artist] = await db.select({ id: users.id }).from(users).where(eq(users.email, "artist2@example.com"));
  const [planner] = await db.select({ id: users.id }).from(users).where(eq(users.email, "planner2@example.com"));
  const tagRows = await db.select().from(tags);
  const tagId = (type: string, name: string) => tagRows.find((tag) => tag.type === type && tag.name === name)!.id;
  const placeId = async (label: string) =>
    (await db.select({ id: places.id }).from(places).where(eq(places.label, label)))[0]!.id;
  for (const fixture of FIXTURES) {
    const [act] = await db
      .insert(acts)
      .values({
        url: fixture.url,
        name: fixture.name,
        headline: fixture.headline ?? null,
        description: fixture.description ?? null,
        location: fixture.location,
        placeId: await placeId(fixture.location),
        active: fixture.active ?? true,
        applicationComplete: true,
        internalUseOnly: fixture.internal ?? false,
        isFeatured: fixture.featured ?? false,
        nationallyRecognized: fixture.recognized ?? false,
        managerId: artist!.id,
        createdAt: new Date(Date.now() - (fixture.createdDaysAgo ?? 40) * 86_400_000),
      })
      .returning({ id: acts.id });
    const links = [
      ...(fixture.genres ?? []).map((name) => ({
        actId: act!.id,
        relation: "genres" as const,
        tagId: tagId("Genre", name),
      })),
      ...(fixture.events ?? []).map((name) => ({
        actId: act!.id,
        relation: "eventTypes" as const,
        tagId: tagId("Event Type", name),
      })),
      ...(fixture.variety ?? []).map((name) => ({
        actId: act!.id,
        relation: "varietyTypes" as const,
        tagId: tagId("Variety Type", name),
      })),
    ];
    if (links.length) await db.insert(actTags).values(links);
    for (const [index, label] of (fixture.more ?? []).entries())
      await db
        .insert(actLocations)
        .values({ actId: act!.id, location: label, placeId: await placeId(label), rank: index + 1 });
    for (const [index, [from, to]] of (fixture.prices ?? []).entries())
      await db.insert(packages).values({
        actId: act!.id,
        title: `Offering ${index + 1}`,
        description: "Music",
        rank: index + 1,
        priceFromCents: from,
        priceToCents: to,
      });
    for (const rating of fixture.ratings ?? [])
      await db.insert(reviews).values({ actId: act!.id, rating, title: "Review", body: "Good", reviewerName: "Guest" });
  }
  // Austin Jazz Trio is booked on 2027-03-06 at 9 PM in Austin: in UTC that is already the 7th.
  const [austinJazz] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "austin-jazz-trio"));
  const [event] = await db
    .insert(events)
    .values({
      url: "austin-gala",
      plannerId: planner!.id,
      name: "Austin Gala",
      starttime: new Date("2027-03-07T03:00:00Z"),
      location: "Austin, TX",
      placeId: await placeId("Austin, TX"),
    })
    .returning({ id: events.id });
  const [invite] = await db
    .insert(invites)
    .values({ eventId: event!.id, actId: austinJazz!.id })
    .returning({ id: invites.id });
  const [offer] = await db
    .insert(offers)
    .values({ inviteId: invite!.id, priceCents: 100_000, status: "accepted" })
    .returning({ id: offers.id });
  await db
    .insert(bookings)
    .values({ eventId: event!.id, actId: austinJazz!.id, offerId: offer!.id, number: newBookingNumber() });
}

beforeAll(async () => {
  server = await createTestServer();
  await seedFixtures();
});
afterAll(async () => server.close());

interface SearchResult {
  data: {
    url: string;
    price_from_cents: number | null;
    rating: { average: number | null; count: number };
    tags: string[];
    distance_miles?: number | null;
    nearest_location?: string | null;
    status?: { label: string };
  }[];
  meta: {
    page: number;
    perPage: number;
    total: number;
    sort: string;
    facets: Record<string, { value: string; count: number }[]>;
  };
}
async function search(filter: Partial<ActSearchFilter> | string, as: DemoUser | "guest" = "guest") {
  const query = typeof filter === "string" ? filter : serializeSearchFilter(filter);
  const response = await server.get(`/api/acts?${query}`, as);
  expect(response.status, query).toBe(200);
  return json<SearchResult>(response);
}
const urls = async (filter: Partial<ActSearchFilter> | string, as: DemoUser | "guest" = "guest") =>
  (await search(filter, as)).data.map((act) => act.url);

const PUBLIC = [
  "the-velvet-tones",
  "dj-nova",
  "austin-jazz-trio",
  "round-rock-swing",
  "san-antonio-soul",
  "houston-magic",
  "cafe-creme",
];
const NEVER_PUBLIC = [
  "keynote-kim",
  "pending-act",
  "draft-act",
  "declined-act",
  "hidden-austin-jazz",
  "waiting-austin-jazz",
];

describe("GET /api/acts: who sees what", () => {
  it("guests, planners and artists see approved acts that are not internal use only, whatever the query", async () => {
    const queries: (Partial<ActSearchFilter> | string)[] = [
      {},
      { searchTerms: "jazz" },
      { location: "Austin, TX", radius: 500 },
      { styles: ["Jazz"] },
      "status=pending",
      "status=draft",
      { searchTerms: "hidden waiting keynote pending declined draft" },
      { sort: "newest", perPage: 50 },
    ];
    for (const as of ["guest", "planner", "owner", "otherArtist"] as const) {
      for (const query of queries) {
        const found = await urls(query, as);
        expect(
          found.filter((url) => NEVER_PUBLIC.includes(url)),
          `${as} ${JSON.stringify(query)}`,
        ).toEqual([]);
      }
    }
    expect((await search({ perPage: 50 })).meta.total).toBe(PUBLIC.length);
  });

  it("admins see every act, may filter by status, and see each act's status", async () => {
    expect((await search({ perPage: 50 }, "admin")).meta.total).toBe(PUBLIC.length + NEVER_PUBLIC.length);
    expect((await urls("status=pending", "admin")).sort()).toEqual(["pending-act", "waiting-austin-jazz"]);
    expect(await urls("status=draft", "admin")).toEqual(["draft-act"]);
    expect(await urls("status=declined", "admin")).toEqual(["declined-act"]);
    expect(
      (await search("status=approved&searchTerms=hidden", "admin")).data.map((act) => [act.url, act.status?.label]),
    ).toEqual([["hidden-austin-jazz", "Approved"]]);
  });
});

describe("keywords", () => {
  it("match names, tags, headlines, locations and descriptions, best first", async () => {
    const jazz = await urls({ searchTerms: "jazz" });
    expect(jazz[0]).toBe("austin-jazz-trio"); // in its name and its tags
    expect(jazz.sort()).toEqual(["austin-jazz-trio", "cafe-creme", "round-rock-swing"]);
    expect(await urls({ searchTerms: "river walk" })).toEqual(["san-antonio-soul"]);
    expect(await urls({ searchTerms: "san antonio" })).toEqual(["san-antonio-soul"]);
    expect(await urls({ searchTerms: "magician" })).toEqual(["houston-magic"]);
  });

  it("match word prefixes as typed, ignore case and accents, and tolerate a typo per word", async () => {
    expect(await urls({ searchTerms: "velv" })).toEqual(["the-velvet-tones"]);
    expect(await urls({ searchTerms: "velvit tones" })).toEqual(["the-velvet-tones"]);
    expect(await urls({ searchTerms: "VELVET" })).toEqual(["the-velvet-tones"]);
    expect(await urls({ searchTerms: "cafe creme" })).toEqual(["cafe-creme"]);
    expect(await urls({ searchTerms: "Café Crème" })).toEqual(["cafe-creme"]);
    expect(await urls({ searchTerms: "qwxzvbn" })).toEqual([]);
    expect(await urls({ searchTerms: "100%_ ' \" <" })).toEqual([]);
  });
});

describe("filters", () => {
  it("each tag list, combined with AND across lists and OR within one", async () => {
    expect((await urls({ styles: ["Jazz"] })).sort()).toEqual(["austin-jazz-trio", "cafe-creme", "round-rock-swing"]);
    expect((await urls({ styles: ["Swing", "Soul"] })).sort()).toEqual([
      "round-rock-swing",
      "san-antonio-soul",
      "the-velvet-tones",
    ]);
    expect(await urls({ styles: ["Jazz"], eventTypes: ["Wedding"] })).toEqual(["austin-jazz-trio"]);
    expect(await urls({ occasions: ["Private Party"], actTypes: ["Magician"] })).toEqual(["houston-magic"]);
    expect(await urls({ styles: ["Jazz"], searchTerms: "swing" })).toEqual(["round-rock-swing"]);
    expect(await urls({ songTypes: ["Ceremony Music"] })).toEqual([]);
  });

  it("extras: featured, nationally recognized, with reviews", async () => {
    expect(await urls({ extras: ["Featured"] })).toEqual(["the-velvet-tones", "round-rock-swing"]);
    expect(await urls({ extras: ["Nationally Recognized"] })).toEqual(["houston-magic"]);
    expect((await urls({ extras: ["Has Reviews"], styles: ["Jazz"] })).sort()).toEqual([
      "austin-jazz-trio",
      "round-rock-swing",
    ]);
    expect(await urls({ extras: ["No such extra"] })).toEqual([]);
  });

  it("a place and a radius: any of an act's locations counts, with the distance to the nearest", async () => {
    const near = await search({ location: "Austin, TX", radius: 25, sort: "distance" });
    expect(near.data.map((act) => act.url)).toEqual(["austin-jazz-trio", "houston-magic", "round-rock-swing"]);
    expect(near.data.map((act) => act.distance_miles)).toEqual([0, 0, expect.any(Number)]);
    // Houston Magic is based in Houston and also plays Austin: the distance is Austin's, and says so.
    expect(near.data.map((act) => act.nearest_location)).toEqual(["Austin, TX", "Austin, TX", "Round Rock, TX"]);
    const roundRock = near.data[2]!.distance_miles!;
    expect(roundRock).toBeGreaterThan(10);
    expect(roundRock).toBeLessThan(25);
    // The boundary: a radius just short of Round Rock leaves it out, just past it takes it in.
    expect(await urls({ location: "Austin, TX", radius: Math.floor(roundRock * 10) / 10 - 0.2 })).not.toContain(
      "round-rock-swing",
    );
    expect(await urls({ location: "Austin, TX", radius: roundRock + 0.2 })).toContain("round-rock-swing");
    // 50 miles by default; San Antonio (about 75 miles) needs more.
    expect(await urls({ location: "Austin, TX" })).not.toContain("san-antonio-soul");
    expect(await urls({ location: "Austin, TX", radius: 100 })).toContain("san-antonio-soul");
    // Coordinates win over a place when both are given.
    expect(await urls("location=Austin,%20TX&location_lat=32.78&location_lng=-96.8&radius=20")).toEqual(["cafe-creme"]);
  });

  it("a circle follows acts into towns no act was in: a new base, a new location, each found at once", async () => {
    const db = server.database.db;
    // Waco and El Paso, TX: no demo act is based in or plays either.
    expect(await urls({ location: "Waco, TX", radius: 10 })).toEqual([]);
    expect(await urls({ location: "El Paso, TX", radius: 10 })).toEqual([]);
    const [waco] = await db.select({ id: places.id }).from(places).where(eq(places.label, "Waco, TX"));
    const [elPaso] = await db.select({ id: places.id }).from(places).where(eq(places.label, "El Paso, TX"));
    const [cafe] = await db.select({ id: acts.id, placeId: acts.placeId }).from(acts).where(eq(acts.url, "cafe-creme"));
    const [trio] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "austin-jazz-trio"));
    await db.update(acts).set({ placeId: waco!.id }).where(eq(acts.id, cafe!.id));
    await db.insert(actLocations).values({ actId: trio!.id, location: "El Paso, TX", placeId: elPaso!.id, rank: 9 });
    try {
      await eventually(async () => (await urls({ location: "Waco, TX", radius: 10 })).includes("cafe-creme"));
      await eventually(async () => (await urls({ location: "El Paso, TX", radius: 10 })).includes("austin-jazz-trio"));
      // With a list asked too: the circle's acts are counted from the same places.
      expect(await urls({ location: "Waco, TX", radius: 10, eventTypes: ["Wedding", "Corporate Event"] })).toEqual(
        await urls({ eventTypes: ["Wedding", "Corporate Event"] }).then((all) =>
          all.filter((url) => url === "cafe-creme"),
        ),
      );
    } finally {
      await db.update(acts).set({ placeId: cafe!.placeId }).where(eq(acts.id, cafe!.id));
      await db.delete(actLocations).where(and(eq(actLocations.actId, trio!.id), eq(actLocations.placeId, elPaso!.id)));
    }
    await eventually(async () => (await urls({ location: "Waco, TX", radius: 10 })).length === 0);
  });

  it("a search by place puts the acts based there before those that only also play there", async () => {
    const WALK_FROM = searchBounds.walkFrom;
    const ROW_COST = searchBounds.rowCostInPostings;
    const READ_CIRCLE = searchBounds.readCircleUpTo;
    const db = server.database.db;
    const [magic] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "houston-magic"));
    // Houston Magic, based in Houston and also playing Austin, now rates 5 against Austin Jazz Trio's 4.67.
    const [review] = await db
      .insert(reviews)
      .values({ actId: magic!.id, rating: 5, title: "Review", body: "Good", reviewerName: "Guest" })
      .returning({ id: reviews.id });
    try {
      expect((await urls({ sort: "rating" })).indexOf("houston-magic")).toBeLessThan(
        (await urls({ sort: "rating" })).indexOf("austin-jazz-trio"),
      );
      // The featured act first, then the local one, then the better rated visitor: whether the page
      // is sorted from every match (few) or found group by group along the order's index (many).
      // (A day of its own each time, so that no answer kept from the first way gives the second.)
      for (const [walkFrom, date] of [
        [searchBounds.walkFrom, "2031-06-14"],
        [0, "2031-06-15"],
      ] as const) {
        searchBounds.walkFrom = walkFrom;
        expect(await urls({ location: "Austin, TX", radius: 25, date })).toEqual([
          "round-rock-swing",
          "austin-jazz-trio",
          "houston-magic",
        ]);
        expect(await urls({ location: "Austin, TX", radius: 25, date, perPage: 1, page: 3 })).toEqual([
          "houston-magic",
        ]);
      }
      expect(await urls({ location: "Austin, TX", radius: 25, searchTerms: "austin" })).toEqual([
        "austin-jazz-trio",
        "houston-magic",
      ]);
      // Read by the ids the count found, the local act still comes before the better rated visitor.
      expect(await urls({ location: "Austin, TX", radius: 25, searchTerms: "austin", sort: "recommended" })).toEqual([
        "austin-jazz-trio",
        "houston-magic",
      ]);
      // A circle's lists tested on its acts' rows (few acts, common values) or read through their
      // index (many acts): the same acts, in the same order.
      // And its passes counted from one read of its acts (a small circle), or each on its own.
      for (const [cost, readCircle, perPage] of [
        [searchBounds.rowCostInPostings, searchBounds.readCircleUpTo, 20],
        [Number.POSITIVE_INFINITY, -1, 19],
        [searchBounds.rowCostInPostings, -1, 18],
      ] as const) {
        searchBounds.rowCostInPostings = cost;
        searchBounds.readCircleUpTo = readCircle;
        expect(await urls({ location: "Austin, TX", radius: 100, styles: ["Jazz", "Soul"], perPage })).toEqual([
          "round-rock-swing",
          "austin-jazz-trio",
          "san-antonio-soul",
        ]);
      }
    } finally {
      searchBounds.rowCostInPostings = ROW_COST;
      searchBounds.readCircleUpTo = READ_CIRCLE;
      searchBounds.walkFrom = WALK_FROM;
      await db.delete(reviews).where(eq(reviews.id, review!.id));
    }
  });

  it("an unknown place is a 422 on location that suggests the nearest names", async () => {
    const response = await server.request("/api/acts?location=Austin,%20TZ");
    expect(response.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(response)).errors.location![0]).toMatch(
      /^We could not find "Austin, TZ"\. Did you mean Austin, TX/,
    );
  });

  it("a date leaves out acts booked that day where the event happens", async () => {
    // A day's acts that are not free are sent to each statement as a list, or past a bound found
    // by each statement; the same answer either way (each asked once: answers are kept).
    const NOT_FREE_LISTED_UP_TO = searchBounds.notFreeListedUpTo;
    try {
      for (const [bound, perPage] of [
        [NOT_FREE_LISTED_UP_TO, 20],
        [0, 19],
      ] as const) {
        searchBounds.notFreeListedUpTo = bound;
        const near = (date: string) => urls({ location: "Austin, TX", date, perPage });
        expect(await near("2027-03-06")).not.toContain("austin-jazz-trio");
        expect(await near("2027-03-07")).toContain("austin-jazz-trio");
        expect(await near("2027-03-05")).toContain("austin-jazz-trio");
      }
    } finally {
      searchBounds.notFreeListedUpTo = NOT_FREE_LISTED_UP_TO;
    }
    const bad = await server.request("/api/acts?date=2027-02-30");
    expect(bad.status).toBe(422);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(bad)).errors)).toEqual(["date"]);
  });
});

describe("sorting, paging and facets", () => {
  it("sorts by relevance, recommendation, rating, reviews, newest and distance", async () => {
    expect((await search({ searchTerms: "jazz" })).meta.sort).toBe("relevance");
    expect((await search({})).meta.sort).toBe("recommended");
    expect((await urls({ sort: "recommended" })).slice(0, 2)).toEqual(["the-velvet-tones", "round-rock-swing"]);
    // 4.7, then two at 4.0: the one with more reviews first.
    expect((await urls({ sort: "rating" })).slice(0, 3)).toEqual([
      "austin-jazz-trio",
      "the-velvet-tones",
      "round-rock-swing",
    ]);
    expect((await urls({ sort: "reviews" })).slice(0, 3)).toEqual([
      "the-velvet-tones",
      "austin-jazz-trio",
      "san-antonio-soul",
    ]);
    const newest = await urls({ sort: "newest" });
    const order = ["cafe-creme", "houston-magic", "san-antonio-soul", "round-rock-swing", "austin-jazz-trio"].map(
      (url) => newest.indexOf(url),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect((await search({ sort: "distance" })).meta.sort).toBe("recommended"); // no place, no distance
  });

  it("with a list chosen, every sort orders the list's acts as it orders them all, and two values no act has together give an empty page", async () => {
    // Few matches are read and sorted rather than found along the sort's index: the same order.
    const jazz = new Set(await urls({ styles: ["Jazz"], perPage: 50 }));
    expect(jazz.size).toBeGreaterThan(2);
    for (const sort of ["recommended", "rating", "reviews", "newest", "price"] as const) {
      const all = await urls({ sort, perPage: 50 });
      expect(await urls({ sort, styles: ["Jazz"], perPage: 50 }), sort).toEqual(all.filter((url) => jazz.has(url)));
      const second = await search({ sort, styles: ["Jazz"], perPage: 2, page: 2 });
      expect(
        second.data.map((act) => act.url),
        sort,
      ).toEqual(all.filter((url) => jazz.has(url)).slice(2, 4));
      expect(second.meta.total, sort).toBe(jazz.size);
    }
    const adminJazz = await urls({ status: "approved", styles: ["Jazz"], sort: "rating", perPage: 50 }, "admin");
    expect(adminJazz).toEqual(
      (await urls({ status: "approved", sort: "rating", perPage: 50 }, "admin")).filter((url) =>
        adminJazz.includes(url),
      ),
    );
    const none = await search({ styles: ["Jazz"], actTypes: ["Magician"], sort: "rating" });
    expect([none.data, none.meta.total]).toEqual([[], 0]);
  });

  it("pages with a total that does not change from page to page", async () => {
    const first = await search({ perPage: 3 });
    const second = await search({ perPage: 3, page: 2 });
    const third = await search({ perPage: 3, page: 3 });
    expect([first.meta.total, second.meta.total, third.meta.total]).toEqual([7, 7, 7]);
    expect([first.data.length, second.data.length, third.data.length]).toEqual([3, 3, 1]);
    expect(new Set([...first.data, ...second.data, ...third.data].map((act) => act.url)).size).toBe(7);
    expect((await server.request("/api/acts?perPage=51")).status).toBe(422);
  });

  it("a list chosen alone, or with a date alone, offers its values with the counts of the same search without it", async () => {
    const browse = await search({});
    const wedding = await search({ eventTypes: ["Wedding"] });
    expect(wedding.meta.facets.eventTypes).toEqual(browse.meta.facets.eventTypes);
    expect(wedding.meta.facets.styles).not.toEqual(browse.meta.facets.styles);
    const day = await search({ date: "2099-01-01" });
    const weddingThatDay = await search({ eventTypes: ["Wedding"], date: "2099-01-01" });
    expect(weddingThatDay.meta.facets.eventTypes).toEqual(day.meta.facets.eventTypes);
    expect(weddingThatDay.meta.total).toBe(wedding.meta.total);
  });

  it("two lists with a value each: each list's counts are those among the acts with the other's value, kept, and follow changes", async () => {
    const db = server.database.db;
    const facetsOf = async (filter: Partial<ActSearchFilter>) => (await search(filter)).meta.facets;
    // Each list's counts as the search with only the other value counts them (read, not kept).
    const both = await facetsOf({ styles: ["Jazz"], eventTypes: ["Wedding"] });
    expect(both.styles).toEqual((await facetsOf({ eventTypes: ["Wedding"] })).styles);
    expect(both.eventTypes).toEqual((await facetsOf({ styles: ["Jazz"] })).eventTypes);
    // On a day Austin Jazz Trio is booked, less its values.
    const day = "2027-03-06";
    const booked = await facetsOf({ styles: ["Jazz"], eventTypes: ["Wedding"], date: day });
    expect(booked.eventTypes).toEqual((await facetsOf({ styles: ["Jazz"], date: day })).eventTypes);
    expect(booked.styles).toEqual((await facetsOf({ eventTypes: ["Wedding"], date: day })).styles);
    expect(booked.eventTypes).not.toEqual(both.eventTypes);

    // Round Rock Swing (Jazz) takes weddings too, then stops; compacting the kept counts changes nothing.
    const [swing] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "round-rock-swing"));
    const [wedding] = await db.select({ id: tags.id }).from(tags).where(eq(tags.name, "Wedding"));
    const weddings = (facets: typeof both) => facets.eventTypes?.find((item) => item.value === "Wedding")?.count;
    await db.insert(actTags).values({ actId: swing!.id, relation: "eventTypes", tagId: wedding!.id });
    try {
      expect(weddings(await facetsOf({ styles: ["Jazz"], eventTypes: ["Wedding"], perPage: 19 }))).toBe(
        weddings(both)! + 1,
      );
      await compactFacetCounts(db);
      expect(weddings(await facetsOf({ styles: ["Jazz"], eventTypes: ["Wedding"], perPage: 18 }))).toBe(
        weddings(both)! + 1,
      );
    } finally {
      await db.delete(actTags).where(and(eq(actTags.actId, swing!.id), eq(actTags.tagId, wedding!.id)));
    }
    expect(await facetsOf({ styles: ["Jazz"], eventTypes: ["Wedding"], perPage: 17 })).toEqual(both);
  });

  it("counts, per value of each list, the acts that would match with it and the other filters", async () => {
    const { meta } = await search({ location: "Austin, TX", radius: 100, eventTypes: ["Wedding"] });
    // A small circle's passes share one read of its acts; counted each on its own, the same.
    const READ_CIRCLE = searchBounds.readCircleUpTo;
    searchBounds.readCircleUpTo = -1;
    try {
      expect(
        (await search({ location: "Austin, TX", radius: 100, eventTypes: ["Wedding"], perPage: 19 })).meta,
      ).toEqual({
        ...meta,
        perPage: 19,
      });
    } finally {
      searchBounds.readCircleUpTo = READ_CIRCLE;
    }
    expect(meta.total).toBe(2);
    // styles counts keep the event-type filter; eventTypes counts drop their own list.
    expect(meta.facets.styles).toEqual([
      { value: "Jazz", count: 1 },
      { value: "Soul", count: 1 },
    ]);
    expect(meta.facets.eventTypes).toEqual(
      expect.arrayContaining([
        { value: "Wedding", count: 2 },
        { value: "Corporate Event", count: 1 },
        { value: "Private Party", count: 1 },
      ]),
    );
    expect(meta.facets.extras).toEqual([{ value: "Has Reviews", count: 2 }]);
    // A bare browse reads kept counts; they agree with counting the same acts afresh.
    const browse = await search({});
    const counted = await search({ date: "2099-01-01" });
    expect(browse.meta.total).toBe(counted.meta.total);
    for (const key of Object.keys(counted.meta.facets)) {
      const sorted = (list: { value: string; count: number }[]) =>
        [...list].sort((a, b) => a.value.localeCompare(b.value));
      expect(sorted(browse.meta.facets[key]!), key).toEqual(sorted(counted.meta.facets[key]!));
    }
    // Items carry their tags' names.
    expect((await search({ searchTerms: "round rock" })).data[0]!.tags).toEqual(["Corporate Event", "Jazz", "Swing"]);
  });

  it("past RANKED_UP_TO matches, a keyword search by relevance puts the best answering first, words as typed before typo alternatives, and pages on", async () => {
    const ranked = await search({ searchTerms: "jazz" });
    const RANKED = searchBounds.rankedUpTo;
    searchBounds.rankedUpTo = 0;
    try {
      const unranked = await search({ searchTerms: "jazz", perPage: 2 });
      // Ranked, the act with jazz in its name and tags leads; unranked, the featured one.
      expect(ranked.data[0]!.url).toBe("austin-jazz-trio");
      expect(unranked.data[0]!.url).toBe("round-rock-swing");
      expect(unranked.meta.sort).toBe("relevance");
      expect(unranked.meta.total).toBe(ranked.meta.total);
      expect(unranked.meta.facets).toEqual(ranked.meta.facets);
      const second = await search({ searchTerms: "jazz", perPage: 2, page: 2 });
      const pages = [...unranked.data, ...second.data].map((act) => act.url);
      expect(pages.sort()).toEqual(ranked.data.map((act) => act.url).sort());
      // Found by a typo alternative alone, and as typed with the typo corrected.
      // (Another page size than the keyword tests': an answer kept from them would not be this order's.)
      expect(await urls({ searchTerms: "velvit tones", perPage: 3 })).toEqual(["the-velvet-tones"]);
      expect(await urls({ searchTerms: "velvet tones", perPage: 3 })).toEqual(["the-velvet-tones"]);
    } finally {
      searchBounds.rankedUpTo = RANKED;
    }
  });

  it("a keyword search by relevance (one pass) counts, pages and places exactly as the same search in another order", async () => {
    const filter: Partial<ActSearchFilter> = {
      searchTerms: "jazz",
      location: "Austin, TX",
      radius: 300,
      styles: ["Jazz"],
    };
    const ranked = await search({ ...filter, perPage: 2 });
    const rated = await search({ ...filter, sort: "rating", perPage: 50 });
    expect(ranked.meta.sort).toBe("relevance");
    expect(ranked.meta.total).toBe(rated.meta.total);
    expect(ranked.meta.facets).toEqual(rated.meta.facets);
    const second = await search({ ...filter, perPage: 2, page: 2 });
    const pages = [...ranked.data, ...second.data];
    expect(new Set(pages.map((act) => act.url)).size).toBe(Math.min(4, rated.meta.total));
    for (const act of pages) {
      const same = rated.data.find((other) => other.url === act.url)!;
      expect(act).toEqual(same);
    }
  });
});

describe("kind of act", () => {
  it("each act answers its first variety, speaker or band setup tag, for a placeholder without a photo, or null", async () => {
    const kinds = Object.fromEntries(
      (await search({ perPage: 50 })).data.map((act) => [act.url, (act as { kind?: string | null }).kind]),
    );
    expect(kinds).toMatchObject({
      "houston-magic": "Magician",
      "austin-jazz-trio": null,
      "the-velvet-tones": "7+ Piece Band",
    });
  });
});

describe("prices", () => {
  it("each act answers the lowest starting price of its offerings, or null", async () => {
    const prices = Object.fromEntries(
      (await search({ perPage: 50 })).data.map((act) => [act.url, act.price_from_cents]),
    );
    expect(prices).toMatchObject({
      "the-velvet-tones": 250_000,
      "round-rock-swing": 150_000,
      "austin-jazz-trio": 80_000,
      "houston-magic": 50_000,
      "cafe-creme": 120_050,
      "san-antonio-soul": null,
      "dj-nova": null,
    });
    // The profile says the same.
    const profile = await json<{ data: { price_from_cents: number | null } }>(
      await server.request("/api/acts/round-rock-swing"),
    );
    expect(profile.data.price_from_cents).toBe(150_000);
  });

  it("a budget in whole dollars keeps acts whose price starts within it, and leaves out acts without a price", async () => {
    expect(new Set(await urls({ budget: 1200 }))).toEqual(new Set(["austin-jazz-trio", "houston-magic"]));
    expect(new Set(await urls({ budget: 1201 }))).toEqual(new Set(["austin-jazz-trio", "houston-magic", "cafe-creme"]));
    expect(await urls({ budget: 0 })).toEqual([]);
    expect((await search({ budget: 1500, styles: ["Jazz"] })).meta.total).toBe(3);
    // A budget's counts are counted, not read from the kept browse counts.
    expect((await search({ budget: 1500 })).meta.facets.styles).toEqual(
      expect.arrayContaining([{ value: "Jazz", count: 3 }]),
    );
    for (const [budget, message] of [
      ["-1", "Enter a budget in whole dollars"],
      ["12.5", "Enter a budget in whole dollars"],
      ["abc", "Enter a budget in whole dollars"],
      ["1000001", "Enter a budget of $1,000,000 or less"],
    ] as const) {
      const response = await server.request(`/api/acts?budget=${budget}`);
      expect(response.status, budget).toBe(422);
      expect((await json<{ errors: Record<string, string[]> }>(response)).errors, budget).toEqual({
        budget: [message],
      });
    }
  });

  it("sort=price: lowest first, acts without a price last", async () => {
    const result = await search({ sort: "price", perPage: 50 });
    expect(result.meta.sort).toBe("price");
    expect(result.data.map((act) => act.url).slice(0, 5)).toEqual([
      "houston-magic",
      "austin-jazz-trio",
      "cafe-creme",
      "round-rock-swing",
      "the-velvet-tones",
    ]);
    expect(result.data.slice(5).every((act) => act.price_from_cents === null)).toBe(true);
    expect(await urls({ sort: "price", searchTerms: "jazz" })).toEqual([
      "austin-jazz-trio",
      "cafe-creme",
      "round-rock-swing",
    ]);
  });

  it("follows an offering's new price, and the next lowest when the lowest is deleted", async () => {
    const { data: tagList } = await json<{ data: { id: number; name: string }[] }>(await server.request("/api/tags"));
    const party = tagList.find((tag) => tag.name === "Private Party")!.id;
    const offering = { title: "Mini show", description: "Ten minutes", eventTypes: [party], price_from_cents: 30_000 };
    const created = await json<{ data: { id: number } }>(
      await server.post("/api/packages/create/houston-magic", "otherArtist", offering),
    );
    expect((await search({ sort: "price", perPage: 1 })).data[0]).toMatchObject({
      url: "houston-magic",
      price_from_cents: 30_000,
    });
    expect((await server.post(`/api/packages/soft-delete/${created.data.id}`, "otherArtist")).status).toBe(200);
    expect((await search({ sort: "price", perPage: 1 })).data[0]).toMatchObject({
      url: "houston-magic",
      price_from_cents: 50_000,
    });
    const { data: magic } = await json<{ data: { packages: { id: number }[] } }>(
      await server.request("/api/acts/houston-magic"),
    );
    const edited = {
      title: "Stage show",
      description: "Forty minutes",
      eventTypes: [party],
      price_from_cents: 900_000,
    };
    expect(
      (await server.post(`/api/packages/edit-package/houston-magic/${magic.packages[0]!.id}`, "otherArtist", edited))
        .status,
    ).toBe(200);
    expect((await urls({ sort: "price" })).slice(0, 4)).toEqual([
      "austin-jazz-trio",
      "cafe-creme",
      "round-rock-swing",
      "the-velvet-tones",
    ]);
    expect(await urls({ budget: 8999 })).not.toContain("houston-magic");
    expect(await urls({ budget: 9000 })).toContain("houston-magic");
  });
});
