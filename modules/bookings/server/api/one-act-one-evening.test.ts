import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { MESSAGES } from "#domain/messages";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

/**
 * A booking is an agreement about one evening of one act: two planners cannot both have it, and
 * a booked event does not move under the act (issue 45, items 5, 6 and 9).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const ACT = "dj-nova"; // in Chicago, managed by "owner", no bookings in the demo data

interface Invite {
  id: number;
  event: { url: string };
  offers: { id: number; status: string }[];
}
const invites = async () => (await json<{ data: Invite[] }>(await server.get("/api/invites?perPage=50", "owner"))).data;

/** An event of `planner` on `day` in Chicago with the act invited; answers its url and the invite's id. */
async function invitedEvent(planner: Who, name: string, starttime: string) {
  const created = await post("/api/events/create", planner, { name, starttime, location: "Chicago, IL", actUrl: ACT });
  expect(created.status).toBe(201);
  const { url } = (await json<{ data: { url: string } }>(created)).data;
  const invite = (await invites()).find((each) => each.event.url === url)!;
  return { url, inviteId: invite.id };
}

const offer = async (inviteId: number, price = 1800) => {
  const response = await post(`/api/offers/submit/${inviteId}`, "owner", { price });
  expect(response.status).toBe(200);
  return (await json<{ data: { id: number } }>(response)).data.id;
};

describe("one act, one evening", () => {
  it("two planners accepting the same evening at once: one books it, the other is told the act is not available that day", async () => {
    const first = await invitedEvent("planner", "Lakeside Wedding", "2030-06-15T18:00");
    const second = await invitedEvent("otherPlanner", "Rooftop Party", "2030-06-15T21:00");
    const [firstOffer, secondOffer] = [await offer(first.inviteId), await offer(second.inviteId)];
    const answers = await Promise.all([
      post(`/api/offers/accept/${firstOffer}`, "planner"),
      post(`/api/offers/accept/${secondOffer}`, "otherPlanner"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect((await json<{ message: string }>(refused)).message).toBe(AVAILABILITY_MESSAGES.notAvailableOn("2030-06-15"));
    const statuses = (await invites())
      .filter((each) => [first.url, second.url].includes(each.event.url))
      .flatMap((each) => each.offers.map((one) => one.status));
    expect(statuses.sort()).toEqual(["accepted", "pending"]);
  });

  it("a day blocked after the offer was made cannot be booked", async () => {
    const event = await invitedEvent("planner", "Garden Gala", "2030-07-20T19:00");
    const offerId = await offer(event.inviteId);
    expect(
      (await post(`/api/availability/block/${ACT}`, "owner", { from: "2030-07-20", to: "2030-07-20", note: "Away" }))
        .status,
    ).toBe(201);
    const refused = await post(`/api/offers/accept/${offerId}`, "planner");
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe(AVAILABILITY_MESSAGES.notAvailableOn("2030-07-20"));
  });

  it("booking withdraws the act's other waiting offers for that event", async () => {
    const event = await invitedEvent("planner", "Harbor Reception", "2030-08-10T18:00");
    const [lower, higher] = [await offer(event.inviteId, 1500), await offer(event.inviteId, 2200)];
    expect((await post(`/api/offers/accept/${lower}`, "planner")).status).toBe(200);
    const offers = (await invites()).find((each) => each.event.url === event.url)!.offers;
    expect(Object.fromEntries(offers.map((one) => [one.id, one.status]))).toEqual({
      [lower]: "accepted",
      [higher]: "withdrawn",
    });
    expect((await post(`/api/offers/accept/${higher}`, "planner")).status).toBe(409);
  });
});

describe("a booked event stays put", () => {
  it("its date and place cannot change (409), its other details can; an event with no booking moves freely", async () => {
    const event = await invitedEvent("planner", "Autumn Ball", "2030-09-14T19:00");
    const base = { name: "Autumn Ball", starttime: "2030-09-14T19:00", location: "Chicago, IL" };
    // Not booked yet: it may move.
    expect(
      (await post(`/api/events/update/${event.url}`, "planner", { ...base, starttime: "2030-09-14T20:00" })).status,
    ).toBe(200);
    expect((await post(`/api/offers/accept/${await offer(event.inviteId)}`, "planner")).status).toBe(200);
    const moved = { ...base, starttime: "2030-09-14T20:00" };
    for (const change of [
      { starttime: "2030-09-21T20:00" },
      { starttime: "2019-09-14T20:00" },
      { location: "Milwaukee, WI" },
    ]) {
      const refused = await post(`/api/events/update/${event.url}`, "planner", { ...moved, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect((await json<{ message: string }>(refused)).message).toBe(MESSAGES.bookedEventMoves);
    }
    // The same moment written with its offset is no move; a new name and notes are fine.
    expect(
      (
        await post(`/api/events/update/${event.url}`, "planner", {
          ...moved,
          name: "Autumn Ball 2030",
          notes: "Black tie",
        })
      ).status,
    ).toBe(200);
    const events = (
      await json<{ data: { url: string; name: string; starttime: string; location: string }[] }>(
        await server.get("/api/events?perPage=50", "planner"),
      )
    ).data;
    expect(events.find((each) => each.url === event.url)).toMatchObject({
      name: "Autumn Ball 2030",
      location: "Chicago, IL",
    });
  });
});

describe("start times", () => {
  it("a day that does not exist, or a year out of range, is 422 and nothing is made", async () => {
    for (const starttime of [
      "2027-02-30T19:00",
      "+275760-09-13T00:00",
      "0000-01-01T00:00",
      "2027-06-12T25:00",
      "+275760-09-13T00:00:00.000Z",
    ]) {
      const refused = await post("/api/events/create", "planner", {
        name: "Impossible Night",
        starttime,
        location: "Chicago, IL",
      });
      expect(refused.status, starttime).toBe(422);
      expect((await json<{ errors: unknown }>(refused)).errors, starttime).toEqual({
        starttime: ["Enter a valid date and time"],
      });
    }
    const named = (
      await json<{ data: { name: string }[] }>(await server.get("/api/events?perPage=50", "planner"))
    ).data.filter((each) => each.name === "Impossible Night");
    expect(named).toEqual([]);
  });
});
