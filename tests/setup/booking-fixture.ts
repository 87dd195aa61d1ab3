import { expect } from "vitest";
import { type DemoUser, type TestServer, json } from "./api-harness";

export interface BookedFixture {
  number: string;
  eventUrl: string;
  inviteId: number;
  offerId: number;
}

export interface BookingOptions {
  /** The event's name, and how many days from now it starts. */
  name: string;
  days: number;
  act?: string;
  planner?: DemoUser;
  artist?: DemoUser;
  price?: number;
  deposit_cents?: number;
  cancellation_policy?: string;
  terms?: string;
  message?: string;
  phone?: string;
  venue?: string;
  hours?: number;
}

/**
 * The road to a booking every money test walks, through the API as people do: the planner's
 * event with the act invited, the act's offer, the planner's accept. The Velvet Tones (managed by
 * "owner", in Chicago, paid directly) unless told otherwise.
 */
export async function bookThroughApi(server: TestServer, options: BookingOptions): Promise<BookedFixture> {
  const planner = options.planner ?? "planner";
  const artist = options.artist ?? "owner";
  const act = options.act ?? "the-velvet-tones";
  const created = await server.post("/api/events/create", planner, {
    name: options.name,
    starttime: new Date(Date.now() + options.days * 86_400_000).toISOString(),
    location: "Chicago, IL",
    actUrl: act,
    ...(options.venue ? { venue: options.venue } : {}),
    ...(options.hours ? { hours: options.hours } : {}),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const eventUrl = (await json<{ data: { url: string } }>(created)).data.url;
  const events = await json<{ data: { url: string; invites: { id: number }[] }[] }>(
    await server.get("/api/events?perPage=50", planner),
  );
  const inviteId = events.data.find((event) => event.url === eventUrl)!.invites[0]!.id;
  const offer = await server.post(`/api/offers/submit/${inviteId}`, artist, {
    price: options.price ?? 5800,
    deposit_cents: options.deposit_cents ?? 150_000,
    ...(options.terms ? { terms: options.terms } : {}),
    ...(options.message ? { message: options.message } : {}),
    ...(options.cancellation_policy ? { cancellation_policy: options.cancellation_policy } : {}),
  });
  expect(offer.status, await offer.clone().text()).toBe(200);
  const offerId = (await json<{ data: { id: number } }>(offer)).data.id;
  const accepted = await server.post(`/api/offers/accept/${offerId}`, planner, {
    phone: options.phone ?? "+1 312 555 0142",
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return { number: (await json<{ data: { booking: string } }>(accepted)).data.booking, eventUrl, inviteId, offerId };
}

/** Yesterday by UTC: a day that is past wherever the event is (evening UTC is tomorrow in Chicago). */
export const paidYesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
