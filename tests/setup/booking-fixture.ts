import { expect } from "vitest";
import { type DemoUser, type TestServer, json } from "./api-harness";

export interface BookedFixture {
  number: string;
  eventUrl: string;
  inviteId: number;
  offerId: number;
}

export interface BookingOptions {
  /** The event's name, and how many days from now it starts (or its start as a wall time there, `2027-06-12T18:30`). */
  name: string;
  days: number;
  starttime?: string;
  act?: string;
  planner?: DemoUser;
  artist?: DemoUser;
  /** The offer's price and deposit in US cents: $5,800 with $1,500 down unless told otherwise. */
  price_cents?: number;
  deposit_cents?: number;
  cancellation_policy?: string;
  terms?: string;
  message?: string;
  /** The planner's phone on the day; null accepts without one. */
  phone?: string | null;
  /** Whether accepting releases the event's other acts (the API's default: yes). */
  release_others?: boolean;
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
    starttime: options.starttime ?? new Date(Date.now() + options.days * 86_400_000).toISOString(),
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
    price_cents: options.price_cents ?? 580_000,
    deposit_cents: options.deposit_cents ?? 150_000,
    ...(options.terms ? { terms: options.terms } : {}),
    ...(options.message ? { message: options.message } : {}),
    ...(options.cancellation_policy ? { cancellation_policy: options.cancellation_policy } : {}),
  });
  expect(offer.status, await offer.clone().text()).toBe(200);
  const offerId = (await json<{ data: { id: number } }>(offer)).data.id;
  const phone = options.phone === undefined ? "+1 312 555 0142" : options.phone;
  const accept = {
    ...(phone === null ? {} : { phone }),
    ...(options.release_others === undefined ? {} : { release_others: options.release_others }),
  };
  const accepted = await server.post(`/api/offers/accept/${offerId}`, planner, accept);
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return { number: (await json<{ data: { booking: string } }>(accepted)).data.booking, eventUrl, inviteId, offerId };
}

/** Yesterday by UTC: a day that is past wherever the event is (evening UTC is tomorrow in Chicago). */
export const paidYesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
