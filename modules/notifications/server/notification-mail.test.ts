import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { NOTIFICATION_KINDS } from "../notifications";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { recipientOf, startSmtpServer } from "#tests/setup/smtp";

/**
 * Every kind of notification mail, through a real SMTP server (smtp-server from npm): who
 * gets it, its subject, its link and its unsubscribe header; a kind turned off sends none;
 * and mail written while the SMTP server is down is sent once it is back, exactly once.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // With card payments (a local server speaking Stripe's API), which an act uses once it set them up.
  server = await createTestServer({ smtpUrl: smtp.url, stripe: {} });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

/** A header as it was sent (mailparser folds the List-* headers into one object). */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.slice(name.length + 1)
    .trim();

/**
 * A planner's event with The Velvet Tones invited, about `days` ahead: on the first day from
 * there the act is free, as the demo data books and blocks some of its days.
 */
async function eventWithTheAct(name: string, days: number) {
  for (let day = days; ; day++) {
    const answer = await server.post("/api/events/create", "planner", {
      name,
      starttime: new Date(Date.now() + day * 86_400_000).toISOString(),
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    });
    if (answer.status !== 409 || day >= days + 14) return ok(answer);
  }
}

async function ok(response: Response) {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return json<{ data: Record<string, unknown> }>(response);
}

/** Sends what is due, and returns the mail that arrived since the last call. */
async function deliver(now?: Date) {
  const before = smtp.received.length;
  await server.deliverMail(now);
  return smtp.received.slice(before);
}

describe("notification mail", () => {
  it("tells the right person of each kind of event, with a link to act on and a way to stop", async () => {
    const sent: Record<string, ParsedMail[]> = {};
    // A step may send several kinds at once (a booking tells both sides): each kind's mail is told apart by its subject below.
    const step = async (kinds: string | string[], action: () => Promise<unknown>) => {
      await action();
      const mails = await deliver();
      for (const kind of [kinds].flat()) sent[kind] = mails;
    };
    await step("act_approved", async () =>
      ok(await server.post("/api/acts/set-status/pending-act", "admin", { status: "approved" })),
    );
    await step("act_declined", async () =>
      ok(
        await server.post("/api/acts/set-status/dj-nova", "admin", {
          status: "declined",
          decline_reason: "Add a video first",
        }),
      ),
    );
    await step("act_reassigned", async () =>
      ok(await server.post("/api/acts/reassign/draft-act", "admin", { act: "artist" })),
    );
    const tags = { musical: true, genres: [5], "song-types": [18], "band-setups": [25] };
    await step("tag_request_accepted", async () => {
      await ok(await server.post("/api/acts/request-to-update-tags/the-velvet-tones", "owner", tags));
      await ok(await server.post("/api/acts/accept-tag-update-request/the-velvet-tones", "admin"));
    });
    await step("tag_request_declined", async () => {
      await ok(await server.post("/api/acts/request-to-update-tags/the-velvet-tones", "owner", tags));
      await ok(await server.post("/api/acts/decline-tag-update-request/the-velvet-tones", "admin"));
    });
    await step("document_approved", async () => ok(await server.post("/api/documents/approve/3", "admin")));
    await step("document_declined", async () => ok(await server.post("/api/documents/decline/3", "admin")));
    await step("act_invited", async () =>
      ok(await server.post("/api/acts/invite-to-event/the-velvet-tones", "planner", { event: "summer-wedding" })),
    );
    const invites = await json<{ data: { id: number; event: { url: string } }[] }>(
      await server.get("/api/invites", "owner"),
    );
    const inviteId = invites.data.find((invite) => invite.event.url === "summer-wedding")!.id;
    let offerId = 0;
    await step("offer_received", async () => {
      offerId = (
        await ok(await server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 1200, message: "Two sets" }))
      ).data.id as number;
    });
    // The morning before the offer's last day, its job reminds the planner.
    await step("offer_expiring", async () => expect(await server.runJob("offer_expiring", String(offerId))).toBe(true));
    // A second act invited to the same event is released when the first is booked.
    await step("act_invited", async () =>
      ok(await server.post("/api/acts/invite-to-event/pending-act", "planner", { event: "summer-wedding" })),
    );
    let booking = "";
    await step(["offer_accepted", "booking_confirmed", "invite_released"], async () => {
      booking = (await ok(await server.post(`/api/offers/accept/${offerId}`, "planner"))).data.booking as string;
    });
    // The booking's jobs: a week before, both sides are reminded; the morning after, the planner is asked for a review.
    await step("event_reminder", async () => expect(await server.runJob("event_reminder", `${booking}:7`)).toBe(true));
    await step("payment_due", async () =>
      expect(await server.runJob("payment_due", `${booking}:balance:3`)).toBe(true),
    );
    await step("payment_recorded", async () => {
      const payments = (
        await json<{ data: { payments: { id: number; kind: string }[] } }>(
          await server.get(`/api/bookings/${booking}`, "planner"),
        )
      ).data.payments;
      // Yesterday by UTC is no later than today where any US event happens.
      const paidOn = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await ok(
        await server.post(`/api/payments/${payments[0]!.id}/record`, "owner", { method: "check", paid_on: paidOn }),
      );
    });
    // The morning after the event: its day has passed (a booking is completed only then).
    await server.database.db.execute(
      sql`update events set starttime = now() - interval '3 days' where url = 'summer-wedding'`,
    );
    await step("review_requested", async () => expect(await server.runJob("review_request", booking)).toBe(true));
    // A second event's offer, declined.
    const brunch = await eventWithTheAct("Garden Brunch", 20);
    await deliver();
    const brunchInvite = (
      await json<{ data: { id: number; event: { url: string } }[] }>(await server.get("/api/invites", "owner"))
    ).data.find((invite) => invite.event.url === brunch.data.url)!.id;
    const brunchOffer = (await ok(await server.post(`/api/offers/submit/${brunchInvite}`, "owner", { price: 600 })))
      .data.id as number;
    await deliver();
    await step("offer_declined", async () => ok(await server.post(`/api/offers/decline/${brunchOffer}`, "planner")));
    await step("review_posted", async () =>
      ok(
        await server.post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "admin", {
          rating: 5,
          title: "Superb",
          body: "Packed floor",
          reviewer_name: "Alex",
        }),
      ),
    );
    // An event made with the act invited (its own act_invited mail is delivered first), then the invite taken back.
    const lakeParty = await eventWithTheAct("Lake Party", 30);
    await deliver();
    const planned = await json<{ data: { url: string; invites: { id: number }[] }[] }>(
      await server.get("/api/events", "planner"),
    );
    const lakeInvite = planned.data.find((event) => event.url === lakeParty.data.url)!.invites[0]!.id;
    await step("invite_withdrawn", async () => ok(await server.post(`/api/invites/withdraw/${lakeInvite}`, "planner")));
    // An offer withdrawn, then its invite declined, by the act; then another event cancelled by the planner.
    const pool = await eventWithTheAct("Pool Party", 40);
    await deliver();
    const poolInvite = (
      await json<{ data: { id: number; event: { url: string } }[] }>(await server.get("/api/invites", "owner"))
    ).data.find((invite) => invite.event.url === pool.data.url)!.id;
    const poolOffer = (await ok(await server.post(`/api/offers/submit/${poolInvite}`, "owner", { price: 800 }))).data
      .id as number;
    await deliver();
    await step("offer_withdrawn", async () => ok(await server.post(`/api/offers/withdraw/${poolOffer}`, "owner")));
    await step("invite_declined", async () => ok(await server.post(`/api/invites/decline/${poolInvite}`, "owner")));
    const fair = await eventWithTheAct("Fall Fair", 50);
    await deliver();
    await step("event_cancelled", async () => ok(await server.post(`/api/events/cancel/${fair.data.url}`, "planner")));
    // A booking the planner cancels on its own: the act is told, with what comes back.
    const harvest = await eventWithTheAct("Harvest Supper", 60);
    const harvestInvite = (
      await json<{ data: { id: number; event: { url: string } }[] }>(await server.get("/api/invites", "owner"))
    ).data.find((invite) => invite.event.url === harvest.data.url)!.id;
    const harvestOffer = (await ok(await server.post(`/api/offers/submit/${harvestInvite}`, "owner", { price: 900 })))
      .data.id as number;
    const harvestBooking = (await ok(await server.post(`/api/offers/accept/${harvestOffer}`, "planner"))).data
      .booking as string;
    await deliver();
    await step("booking_cancelled", async () =>
      ok(await server.post(`/api/bookings/${harvestBooking}/cancel`, "planner", { reason: "The venue closed" })),
    );
    let conversationId = 0;
    await step("message", async () => {
      conversationId = (
        await ok(
          await server.post("/api/conversations/start/the-velvet-tones", "planner", {
            body: "Can you learn our first-dance song?",
          }),
        )
      ).data.id as number;
    });
    // A planner's review of a booking, answered by the act; an admin's review, removed with a reason.
    const booked = await ok(
      await server.post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
        rating: 5,
        title: "Loved it",
        body: "So good",
        event_url: "spring-gala",
      }),
    );
    await deliver();
    await step("review_reply", async () =>
      ok(
        await server.post(`/api/entertainer-reviews/reply/${booked.data.id}`, "owner", {
          body: "Thank you for having us!",
        }),
      ),
    );
    const added = await ok(
      await server.post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "admin", {
        rating: 2,
        title: "Late start",
        body: "Late",
        reviewer_name: "Sam",
      }),
    );
    await deliver();
    await step("review_removed", async () =>
      ok(
        await server.post(`/api/entertainer-reviews/delete-entertainer-review/${added.data.id}`, "admin", {
          reason: "Written about another act.",
        }),
      ),
    );
    // A problem the planner reports on the booking; an admin resolves it, and both sides are told.
    let caseId = 0;
    await step(["problem_reported", "case_opened"], async () => {
      caseId = (
        (
          await ok(
            await server.post(`/api/bookings/${booking}/report`, "planner", {
              kind: "not_as_agreed",
              details: "The band started an hour late.",
            }),
          )
        ).data.case as { id: number }
      ).id;
    });
    await step("case_resolved", async () =>
      ok(
        await server.post(`/api/cases/${caseId}/resolve`, "admin", {
          refund_cents: 0,
          note: "The start was moved by the venue.",
        }),
      ),
    );

    // Money paid back: the act cancels a booking paid directly, and records the deposit it owes back.
    const ball = await eventWithTheAct("Refund Ball", 85);
    const ballOffer = await ok(
      await server.post(`/api/offers/submit/${await server.inviteOf(ball.data.url as string)}`, "owner", {
        price: 500,
        deposit_cents: 10_000,
      }),
    );
    const ballBooking = (await ok(await server.post(`/api/offers/accept/${ballOffer.data.id}`, "planner", {}))).data
      .booking as string;
    const ballDeposit = (
      (await ok(await server.get(`/api/bookings/${ballBooking}`, "planner"))).data.payments as { id: number }[]
    )[0]!;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await ok(
      await server.post(`/api/payments/${ballDeposit.id}/record`, "owner", { method: "check", paid_on: yesterday }),
    );
    await ok(await server.post(`/api/bookings/${ballBooking}/cancel`, "owner", { reason: "The singer is ill" }));
    await deliver();
    await step("refund_paid", async () =>
      ok(
        await server.post(`/api/payments/${ballDeposit.id}/record-refund`, "owner", {
          amount_cents: 10_000,
          method: "check",
          paid_on: yesterday,
        }),
      ),
    );

    // Card payments: the act sets them up, the planner pays a deposit by card, and it is released.
    await ok(await server.post("/api/payouts/onboard/the-velvet-tones", "owner"));
    await server.stripe!.completeOnboarding(server.stripe!.objects("accounts")[0]!.id);
    const gala = await eventWithTheAct("Card Gala", 80);
    const galaOffer = await ok(
      await server.post(`/api/offers/submit/${await server.inviteOf(gala.data.url as string)}`, "owner", {
        price: 4000,
        deposit_cents: 100_000,
      }),
    );
    const cardBooking = (await ok(await server.post(`/api/offers/accept/${galaOffer.data.id}`, "planner", {}))).data
      .booking as string;
    await deliver();
    const cardDeposit = (
      (await ok(await server.get(`/api/bookings/${cardBooking}`, "planner"))).data.payments as {
        id: number;
        kind: string;
      }[]
    ).find((payment) => payment.kind === "deposit")!;
    await step(["card_paid", "payment_received"], async () => {
      // The planner saves the card for the balance; the bank will refuse it on the day.
      const checkout = await ok(
        await server.post(`/api/payments/${cardDeposit.id}/checkout`, "planner", { save_card: true }),
      );
      await server.stripe!.payCheckout(String(checkout.data.url).split("/").pop()!, { savedCard: "declines" });
    });
    await step("payment_failed", async () => {
      await server.runJob("card_charge", String(cardDeposit.id));
      await server.runJob("payment_charge", `${cardBooking}:balance`);
    });
    await ok(
      await server.post("/api/users/artist/payout-marks", "admin", {
        w9_received: true,
        direct_deposit_received: true,
      }),
    );
    await step("payout_sent", () => server.releaseDue(new Date(Date.now() + 86_400_000)));

    const expected: Record<string, { to: string; subject: RegExp; link: string }> = {
      act_approved: {
        to: "artist2@example.com",
        subject: /^Pending Act is approved \| EVA$/,
        link: "/entertainment/pending-act",
      },
      act_declined: { to: "artist@example.com", subject: /^DJ Nova was declined/, link: "/entertainment/dj-nova" },
      act_reassigned: { to: "artist@example.com", subject: /^You now manage Draft Act/, link: "/my-acts" },
      tag_request_accepted: {
        to: "artist@example.com",
        subject: /^New tags for The Velvet Tones/,
        link: "/entertainment/the-velvet-tones",
      },
      tag_request_declined: {
        to: "artist@example.com",
        subject: /^Tag request for The Velvet Tones declined/,
        link: "/entertainment/the-velvet-tones",
      },
      document_approved: { to: "artist@example.com", subject: /^Insurance Certificate approved/, link: "/documents" },
      document_declined: { to: "artist@example.com", subject: /^Insurance Certificate declined/, link: "/documents" },
      act_invited: {
        to: "artist2@example.com",
        subject: /^Pending Act is invited to Summer Wedding/,
        link: "/invites",
      },
      offer_received: { to: "planner@example.com", subject: /^An offer from The Velvet Tones/, link: "/events" },
      offer_expiring: {
        to: "planner@example.com",
        subject: /^The offer from The Velvet Tones for Summer Wedding ends /,
        link: "/events",
      },
      offer_accepted: {
        to: "artist@example.com",
        subject: /^The Velvet Tones is booked for Summer Wedding/,
        link: `/bookings/${booking}`,
      },
      booking_confirmed: {
        to: "planner@example.com",
        subject: /^Booking [A-Z0-9]{8}: The Velvet Tones for Summer Wedding/,
        link: `/bookings/${booking}`,
      },
      invite_released: {
        to: "artist2@example.com",
        subject: /^Summer Wedding is booked with another act/,
        link: "/invites",
      },
      event_reminder: {
        to: "planner@example.com",
        subject: /^Summer Wedding is in 7 days: The Velvet Tones/,
        link: `/bookings/${booking}`,
      },
      payment_due: {
        to: "planner@example.com",
        subject: /^\$1,200\.00 due in 3 days for Summer Wedding/,
        link: `/bookings/${booking}`,
      },
      booking_cancelled: {
        to: "artist@example.com",
        subject: /^Booking [A-Z0-9]+ is cancelled: The Velvet Tones for Harvest Supper/,
        link: `/bookings/${harvestBooking}`,
      },
      payment_recorded: {
        to: "planner@example.com",
        subject: /^The Velvet Tones recorded your balance of \$1,200\.00/,
        link: `/bookings/${booking}`,
      },
      review_requested: {
        to: "planner@example.com",
        subject: /^How was The Velvet Tones\?/,
        link: "/entertainment/the-velvet-tones?review=summer-wedding#reviews",
      },
      offer_withdrawn: { to: "planner@example.com", subject: /^The Velvet Tones withdrew its offer/, link: "/events" },
      invite_declined: { to: "planner@example.com", subject: /^The Velvet Tones declined Pool Party/, link: "/events" },
      event_cancelled: { to: "artist@example.com", subject: /^Fall Fair is cancelled/, link: "/invites" },
      offer_declined: {
        to: "artist@example.com",
        subject: /^Garden Brunch declined the offer of The Velvet Tones/,
        link: "/invites",
      },
      review_posted: {
        to: "artist@example.com",
        subject: /^A new review of The Velvet Tones/,
        link: "/entertainment/the-velvet-tones#reviews",
      },
      invite_withdrawn: {
        to: "artist@example.com",
        subject: /^Lake Party no longer invites The Velvet Tones/,
        link: "/invites",
      },
      message: {
        to: "artist@example.com",
        subject: /^A message from Pat Planner about The Velvet Tones/,
        link: `/messages/${conversationId}`,
      },
      review_reply: {
        to: "planner@example.com",
        subject: /^The Velvet Tones answered your review/,
        link: "/entertainment/the-velvet-tones#reviews",
      },
      review_removed: {
        to: "artist@example.com",
        subject: /^A review of The Velvet Tones was removed/,
        link: "/entertainment/the-velvet-tones#reviews",
      },
      problem_reported: {
        to: "artist@example.com",
        subject: /^Pat Planner reported a problem with booking [A-Z0-9]+/,
        link: `/bookings/${booking}`,
      },
      case_resolved: {
        to: "planner@example.com",
        subject: /^The problem with booking [A-Z0-9]+ is resolved/,
        link: `/bookings/${booking}`,
      },
      case_opened: {
        to: "admin@example.com",
        subject: /^A problem is reported on booking [A-Z0-9]+/,
        link: "/admin/cases",
      },
      refund_paid: {
        to: "planner@example.com",
        subject: /^\$100\.00 paid back to you for booking [A-Z0-9]+/,
        link: `/bookings/${ballBooking}`,
      },
      payment_received: {
        to: "planner@example.com",
        subject: /^Your deposit of \$1,000\.00 is paid/,
        link: `/bookings/${cardBooking}`,
      },
      payment_failed: {
        to: "planner@example.com",
        subject: /^We could not charge your card: \$[\d,.]+ for /,
        link: `/bookings/${cardBooking}`,
      },
      card_paid: {
        to: "artist@example.com",
        subject: /^Pat Planner paid the deposit of \$1,000\.00 by card/,
        link: `/bookings/${cardBooking}`,
      },
      payout_sent: {
        to: "artist@example.com",
        subject: /^\$1,000\.00 released to you for booking [A-Z0-9]+/,
        link: `/bookings/${cardBooking}`,
      },
    };
    expect(Object.keys(expected).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const [kind, want] of Object.entries(expected)) {
      // Told apart by subject and recipient: a step may send several kinds, and a kind may go to both sides.
      const mails = (sent[kind] ?? []).filter(
        (mail) => want.subject.test(mail.subject ?? "") && recipientOf(mail) === want.to,
      );
      expect(mails, kind).toHaveLength(1);
      const mail = mails[0]!;
      expect(recipientOf(mail), kind).toBe(want.to);
      expect(mail.subject, kind).toMatch(want.subject);
      expect(mail.text, kind).toContain(`http://localhost:3000${want.link}`);
      expect(mail.html || "", kind).toContain(`href="http://localhost:3000${want.link}"`);
      expect(header(mail, "list-unsubscribe"), kind).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=.+>$/);
      expect(header(mail, "list-unsubscribe-post"), kind).toBe("List-Unsubscribe=One-Click");
    }
    expect(sent.act_declined![0]!.text).toContain("The reason: Add a video first");
    expect(sent.offer_received![0]!.text).toContain("$1,200.00");
    expect(sent.message![0]!.text).toContain('Pat Planner wrote: "Can you learn our first-dance song?"');
    expect(sent.review_reply![0]!.text).toContain('The Velvet Tones answered your review: "Thank you for having us!"');
    expect(sent.review_removed![0]!.text).toContain("The reason: Written about another act.");
    expect(sent.booking_cancelled![0]!.text).toContain(
      'Pat Planner cancelled the booking of The Velvet Tones for Harvest Supper: "The venue closed". Nothing was paid, so nothing is owed.',
    );

    // The same events are in each reader's in-app list, newest first, unread.
    const artist = await json<{ data: { kind: string; read: boolean }[]; meta: { unread: number } }>(
      await server.get("/api/notifications", "owner"),
    );
    expect(artist.data.map((item) => item.kind)).toEqual([
      "payout_sent",
      "card_paid",
      "offer_accepted",
      "act_invited",
      "offer_accepted",
      "act_invited",
      "case_resolved",
      "problem_reported",
      "review_removed",
      "review_posted",
      "review_posted",
      "message",
      "booking_cancelled",
      "offer_accepted",
      "act_invited",
      "event_cancelled",
      "act_invited",
      "act_invited",
      "invite_withdrawn",
      "act_invited",
    ]);
    // A page of 20: the twelve oldest (from act_declined on) are on the next.
    expect(artist.meta.unread).toBe(32);
    await ok(await server.post("/api/notifications/read", "owner"));
    expect(
      (await json<{ meta: { unread: number } }>(await server.get("/api/notifications", "owner"))).meta.unread,
    ).toBe(0);
    expect(
      (await json<{ data: { kind: string }[] }>(await server.get("/api/notifications", "planner"))).data.map(
        (item) => item.kind,
      ),
    ).toEqual([
      "payment_failed",
      "payment_received",
      "booking_confirmed",
      "offer_received",
      "refund_paid",
      "booking_cancelled",
      "payment_recorded",
      "booking_confirmed",
      "offer_received",
      "case_resolved",
      "review_reply",
      "booking_confirmed",
      "offer_received",
      "invite_declined",
      "offer_withdrawn",
      "offer_received",
      "offer_received",
      "review_requested",
      "payment_recorded",
      "payment_due",
    ]);
  });

  it("stops a kind the reader turned off, in the settings or by the mail's own link, and keeps it in the app", async () => {
    const settings = await ok(
      await server.post("/api/notifications/settings", "owner", { kind: "review_posted", email: false }),
    );
    expect(
      (settings.data as unknown as { kind: string; email: boolean }[]).find((item) => item.kind === "review_posted")
        ?.email,
    ).toBe(false);
    await ok(
      await server.post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "admin", {
        rating: 4,
        title: "Good",
        body: "Fine",
        reviewer_name: "Sam",
      }),
    );
    expect(await deliver()).toEqual([]);
    expect(
      (await json<{ data: { kind: string }[] }>(await server.get("/api/notifications", "owner"))).data[0]!.kind,
    ).toBe("review_posted");

    // The unsubscribe link of a mail works without signing in: GET asks, POST (a mail program's one click) does it.
    await ok(
      await server.post("/api/acts/set-status/keynote-kim", "admin", {
        status: "declined",
        decline_reason: "Missing photos",
      }),
    );
    const [mail] = await deliver();
    const link = header(mail!, "list-unsubscribe")!.slice(1, -1);
    const path = link.replace("http://localhost:3000", "");
    const ask = await server.request(path);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("You get an email when an act of mine is declined.");
    const done = await server.request(path, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    const artist2 = await json<{ data: { kind: string; email: boolean }[] }>(
      await server.get("/api/notifications/settings", "otherArtist"),
    );
    expect(artist2.data.find((item) => item.kind === "act_declined")?.email).toBe(false);
    expect(artist2.data.find((item) => item.kind === "act_approved")?.email).toBe(true);
    // A token changed by one character is no one's.
    expect(
      (await server.request(`${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`, { method: "POST" })).status,
    ).toBe(400);
  });

  it("loses nothing while the SMTP server is down, and sends each mail once when it is back", async () => {
    await smtp.stop();
    await ok(await server.post("/api/acts/set-status/keynote-kim", "admin", { status: "approved" }));
    expect(await deliver()).toEqual([]);
    const pending = (
      (await server.database.db.execute(
        sql`select attempts, last_error from mail_outbox where sent_at is null`,
      )) as unknown as { rows: { attempts: number; last_error: string }[] }
    ).rows;
    expect(pending).toHaveLength(1);
    expect(pending[0]!.attempts).toBe(1);
    expect(pending[0]!.last_error).toBeTruthy();

    await smtp.start();
    // Not before its retry time; then once, even with two workers at the same moment.
    expect(await deliver()).toEqual([]);
    const later = new Date(Date.now() + 60_000);
    const before = smtp.received.length;
    await Promise.all([server.deliverMail(later), server.deliverMail(later)]);
    const arrived = smtp.received.slice(before);
    expect(arrived.map((mail) => mail.subject)).toEqual(["Keynote Kim is approved | EVA"]);
    expect(recipientOf(arrived[0]!)).toBe("artist2@example.com");
    expect(await deliver(new Date(Date.now() + 3_600_000))).toEqual([]);
  });

  it("answers each role with its own notifications and settings, and refuses the rest", async () => {
    expect((await server.get("/api/notifications", "guest")).status).toBe(401);
    expect((await server.get("/api/notifications/settings", "guest")).status).toBe(401);
    expect((await server.post("/api/notifications/read", "guest")).status).toBe(401);
    expect(
      (await server.post("/api/notifications/settings", "guest", { kind: "act_approved", email: false })).status,
    ).toBe(401);
    const plannerKinds = (
      await json<{ data: { kind: string }[] }>(await server.get("/api/notifications/settings", "planner"))
    ).data.map((item) => item.kind);
    expect(plannerKinds).toEqual([
      "invite_declined",
      "offer_received",
      "offer_expiring",
      "booking_confirmed",
      "event_reminder",
      "payment_due",
      "payment_recorded",
      "payment_received",
      "payment_failed",
      "refund_paid",
      "booking_cancelled",
      "problem_reported",
      "case_resolved",
      "review_requested",
      "offer_withdrawn",
      "review_reply",
      "review_removed",
      "message",
    ]);
    const adminKinds = (
      await json<{ data: { kind: string }[] }>(await server.get("/api/notifications/settings", "admin"))
    ).data.map((item) => item.kind);
    expect(adminKinds).not.toContain("offer_received");
    // Admins are told of a new case; nobody else is.
    expect(adminKinds).toContain("case_opened");
    expect(plannerKinds).not.toContain("case_opened");
    // Both sides of a conversation are told of a message.
    expect(adminKinds).toContain("message");
    expect(
      (await server.post("/api/notifications/settings", "planner", { kind: "act_approved", email: false })).status,
    ).toBe(403);
    expect(
      (await server.post("/api/notifications/settings", "owner", { kind: "no_such_kind", email: false })).status,
    ).toBe(422);
    expect(
      (await server.post("/api/notifications/settings", "owner", { kind: "act_approved", email: "no" })).status,
    ).toBe(400);
    expect((await json<{ data: unknown[] }>(await server.get("/api/notifications", "otherPlanner"))).data).toEqual([]);
  });
});
