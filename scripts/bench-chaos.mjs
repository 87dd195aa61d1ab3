// `npm run bench:chaos`: app servers on one PostgreSQL database (two by default), signed-in
// clients sending mixed reads and writes to them in turn for a set time, one server killed with
// SIGKILL halfway and started again. Then every acknowledged write is checked in the database,
// and the run reports failures by cause, p50/p99 per minute per server, how long a write on one
// server took to show on another's guest page, and how soon the restarted server was back to
// the survivor's p50. A bench, not a test: it prints figures and exits 0 unless it could not run.
//
// Needs DATABASE_URL or TEST_DATABASE_URL naming a PostgreSQL server whose role may create
// databases. CHAOS_SERVERS (2), CHAOS_CLIENTS (100), CHAOS_SECONDS (300) change the run.
// Beside them, CHAOS_PLANNERS (4) new planners book The Velvet Tones again and again, its artist
// records each deposit and, for every third booking cancelled, the refund: after the kill, every
// ledger transaction must balance and each booking's ledger agree with its payments. They also
// book DJ Nova, which takes cards through a local server speaking Stripe's API
// (tests/setup/stripe-server.ts: pending funds, fees, refusals): each deposit paid by card, every
// third booking cancelled by the act while its payment is on its way, so that the cancel and the
// payment race. Once the servers' jobs are done, the money the stand-in holds must equal the
// ledger's platform balance.
// Each client has a loopback address of its own (127.0.1.x), as separate visitors would, so the
// per-address limits see a hundred visitors, not one.
import "./require-node.mjs";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Agent } from "undici";
import { buildApp, createServerDatabase, freePort, percentile, signIn, waitFor } from "./bench-support.mjs";
import { startLocalStripe } from "../tests/setup/stripe-server.ts";

const SERVER_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || "";
const SERVERS = Number(process.env.CHAOS_SERVERS ?? 2);
const CLIENTS = Number(process.env.CHAOS_CLIENTS ?? 100);
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 300);
const PLANNERS = Number(process.env.CHAOS_PLANNERS ?? 4);
const PROBE_EVERY_MS = 2_000;
/** A request that takes longer than this is given up and counted as a timeout. */
const REQUEST_TIMEOUT_MS = 30_000;

if (!SERVER_URL) {
  console.error(
    "bench:chaos needs DATABASE_URL or TEST_DATABASE_URL: a PostgreSQL server whose role may create databases.",
  );
  process.exit(2);
}
if (SERVERS < 2) {
  console.error("bench:chaos needs at least two servers (CHAOS_SERVERS): one is killed, the others carry on.");
  process.exit(2);
}

/** Why a request failed: the socket's error code, or a timeout. */
function causeOf(error) {
  for (let current = error; current; current = current.cause) {
    if (current.code) return current.code;
    if (current.name === "TimeoutError") return "timeout";
  }
  return error?.name ?? "error";
}

/** The body of a profile update that keeps everything of the act but a new headline (the update sets every field). */
async function profileUpdate(base, url) {
  const { data } = await (await fetch(`${base}/api/acts/${url}`)).json();
  return (headline) => ({
    name: data.name,
    avatar: data.avatar,
    headline,
    description: data.description,
    location: data.location,
    additionalLocations: data.additionalLocations.map((item) => item.location),
    compare_to: data.compare_to,
    social: Object.fromEntries(Object.entries(data.social).filter(([, link]) => link)),
    has_performed_corporate_event: data.has_performed_corporate_event,
    corporate_event_experience: data.corporate_event_experience,
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

buildApp();
const workDir = mkdtempSync(join(tmpdir(), "eva-chaos-"));
const database = await createServerDatabase(SERVER_URL, "eva_chaos");
const sql = new pg.Pool({ connectionString: database.url, max: 2 });
/** Stripe's webhook calls go to whichever server is up, as to a load balancer. */
const stripe = await startLocalStripe(async (body, signature) => {
  for (const server of servers.filter((each) => each.up)) {
    const answer = await fetch(`${server.base}/api/stripe/webhook`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    }).catch(() => null);
    if (answer) return answer;
  }
  return new Response(null, { status: 503 });
});
const serverEnv = {
  DATABASE_URL: database.url,
  AUTH_SECRET: "chaos-secret-chaos-secret-chaos-secret-0123",
  LOG_LEVEL: "warn",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
  PLATFORM_FEE_PERCENT: "10",
};

/** One app server: its port stays the same across a restart, as behind a load balancer. */
function appServer(index) {
  const server = { index, port: 0, base: "", child: null, up: false, downSince: 0 };
  server.start = async (seed) => {
    server.port ||= await freePort();
    server.base = `http://127.0.0.1:${server.port}`;
    server.child = spawn(process.execPath, ["dist/server.js"], {
      env: {
        ...process.env,
        ...serverEnv,
        NODE_ENV: "production",
        PORT: String(server.port),
        DATA_DIR: join(workDir, `server-${index}`),
        PUBLIC_URL: server.base,
        SEED_DEMO: seed ? "1" : "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitFor(`${server.base}/readyz`);
    server.up = true;
  };
  return server;
}

const servers = Array.from({ length: SERVERS }, (_, index) => appServer(index));
try {
  // The first server makes and seeds the database (demo data and catalogue); the others open it.
  await servers[0].start(true);
  for (const server of servers.slice(1)) await server.start(false);
  await run();
} finally {
  for (const server of servers) server.child?.kill("SIGTERM");
  await stripe.close();
  await sql.end();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop().catch((error) => console.error(`could not drop the chaos database: ${error.message}`));
  rmSync(workDir, { recursive: true, force: true });
}

async function run() {
  const { rows: artists } = await sql.query(
    `select a.url, u.email from acts a join users u on u.id = a.manager_id
     where u.email like '%@artists.example.com' and a.active order by a.url limit $1`,
    [CLIENTS + 1],
  );
  if (artists.length < CLIENTS + 1)
    throw new Error(`the catalogue has ${artists.length} artists; CHAOS_CLIENTS may be at most ${artists.length - 1}`);
  const { rows: tags } = await sql.query(`select id from tags where type = 'Event Type' order by id limit 1`);
  const eventType = tags[0].id;

  const calls = [];
  // A delete whose answer was lost with its server may have committed, and so may one another
  // client of the same act sent first (a 404 then): such a testimonial may be gone or not.
  const acked = {
    testimonials: new Map(),
    deletedTestimonials: new Set(),
    maybeDeleted: new Set(),
    offerings: new Map(),
    headlines: new Map(),
    /** Money: bookings made, payments and refunds recorded, bookings cancelled, each acknowledged. */
    bookings: new Set(),
    paymentsRecorded: new Set(),
    refundsRecorded: new Set(),
    cancelled: new Set(),
    /** By card: bookings made, deposits paid on Stripe's page, and cancellations racing them. */
    cardBookings: new Set(),
    cardPaid: new Set(),
    cardCancelled: new Set(),
  };
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const killAt = (SECONDS * 1000) / 2;
  const victim = servers[servers.length - 1];
  let killedAt = -1;
  let readyAt = -1;

  /** One visitor: its own address and session; requests go to the servers in turn, skipping one that refuses connections. */
  async function makeClient(n, artist) {
    const dispatcher = new Agent({ localAddress: `127.0.1.${n + 1}`, keepAliveTimeout: 4_000 });
    const cookie = await signIn(servers[n % SERVERS].base, artist.email, { dispatcher });
    let turn = n;
    async function call(kind, method, path, body) {
      for (let attempt = 0; attempt < SERVERS; attempt++) {
        const server = servers[turn++ % SERVERS];
        const sent = elapsed();
        const record = { kind, server: server.index, sent, ms: 0, status: 0, cause: "" };
        try {
          const response = await fetch(server.base + path, {
            method,
            dispatcher,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            headers: {
              cookie,
              origin: server.base,
              "accept-encoding": "gzip",
              ...(body ? { "content-type": "application/json" } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          const text = await response.text();
          record.status = response.status;
          record.ms = elapsed() - sent;
          calls.push(record);
          return { status: response.status, json: () => JSON.parse(text) };
        } catch (error) {
          record.ms = elapsed() - sent;
          record.cause = causeOf(error);
          calls.push(record);
          // Refused: the request never reached a server, so a balancer sends it to the next one.
          if (record.cause === "ECONNREFUSED") continue;
          return { status: 0 };
        }
      }
      return { status: 0 };
    }
    return { artist, call, cookie, dispatcher, withHeadline: await profileUpdate(servers[0].base, artist.url) };
  }

  const clients = await Promise.all(artists.slice(0, CLIENTS).map((artist, n) => makeClient(n, artist)));
  const owner = await makeClient(CLIENTS + 1, { url: "the-velvet-tones", email: "artist@example.com" });
  const planners = [];
  for (let n = 0; n < PLANNERS; n++) {
    const email = `chaos-planner-${n}@example.com`;
    const signUp = await fetch(`${servers[0].base}/api/auth/sign-up/email`, {
      method: "POST",
      dispatcher: new Agent({ localAddress: `127.0.2.${n + 1}` }),
      headers: { "content-type": "application/json", origin: servers[0].base },
      body: JSON.stringify({ name: `Chaos Planner ${n}`, email, password: "demo-password", role: "PLANNER" }),
    });
    if (!signUp.ok) throw new Error(`sign-up of ${email}: ${signUp.status}`);
    await sql.query(`update users set email_verified = true where email = $1`, [email]);
    planners.push(await makeClient(CLIENTS + 2 + n, { url: "", email }));
  }
  const probeClient = await makeClient(CLIENTS, artists[CLIENTS]);
  // DJ Nova (artist@'s too) takes cards: its Express account onboarded, its manager's marks set.
  const onboard = await owner.call("money: onboard", "POST", "/api/payouts/onboard/dj-nova");
  if (onboard.status !== 200) throw new Error(`onboarding DJ Nova: ${onboard.status}`);
  await stripe.completeOnboarding(stripe.objects("accounts")[0].id);
  const admin = await makeClient(CLIENTS + 2 + PLANNERS, { url: "", email: "admin@example.com" });
  await admin.call("money: payout marks", "POST", "/api/users/artist/payout-marks", {
    w9_received: true,
    direct_deposit_received: true,
  });
  console.log(
    `${SERVERS} servers, ${CLIENTS} signed-in clients, ${SECONDS} s; server ${victim.index} is killed at ${Math.round(killAt / 1000)} s`,
  );

  const until = SECONDS * 1000;
  const work = [...clients.map((client, n) => visit(client, n)), ...planners.map((planner, n) => book(planner, n))];
  const probes = probeStaleness(probeClient);
  const chaos = (async () => {
    await sleep(killAt);
    killedAt = elapsed();
    victim.up = false;
    victim.child.kill("SIGKILL");
    await new Promise((resolve) => victim.child.once("exit", resolve));
    await victim.start(false);
    readyAt = elapsed();
  })();
  await Promise.all([...work, chaos]);
  const staleness = await probes;

  /** A client's loop: mostly reads, and the writes that once deadlocked. */
  async function visit(client, n) {
    const url = client.artist.url;
    let seq = 0;
    while (elapsed() < until) {
      const roll = (n * 7 + seq * 13) % 20;
      seq++;
      if (roll < 8) {
        const other = artists[(n + seq) % artists.length].url;
        await client.call("read: profile page", "GET", `/entertainment/${other}`);
      } else if (roll < 10) {
        await client.call(
          "read: search",
          "GET",
          `/api/acts?searchTerms=${["jazz", "dj", "band", "soul"][seq % 4]}&perPage=20`,
        );
      } else if (roll < 14) {
        const name = `Chaos ${n}.${seq}`;
        const answer = await client.call("write: add testimonial", "POST", `/api/testimonials/add-testimonial/${url}`, {
          name,
          content: "Played all night.",
        });
        if (answer.status === 200) acked.testimonials.set(answer.json().data.id, { url, name });
      } else if (roll < 16) {
        const mine = [...acked.testimonials].find(
          ([id, row]) => row.url === url && !acked.deletedTestimonials.has(id) && !acked.maybeDeleted.has(id),
        );
        if (mine) {
          const answer = await client.call(
            "write: delete testimonial",
            "POST",
            `/api/testimonials/delete-testimonial/${mine[0]}`,
          );
          if (answer.status === 200) acked.deletedTestimonials.add(mine[0]);
          else if (answer.status === 0 || answer.status === 404) acked.maybeDeleted.add(mine[0]);
        }
      } else if (roll < 18) {
        const title = `Chaos set ${n}.${seq}`;
        const answer = await client.call("write: add offering", "POST", `/api/packages/create/${url}`, {
          title,
          description: "Two sets.",
          eventTypes: [eventType],
        });
        if (answer.status === 200) acked.offerings.set(answer.json().data.id, { url, title });
      } else {
        const headline = `Chaos headline ${n}.${seq}`;
        const attempts = acked.headlines.get(url) ?? { acked: null, tried: [] };
        attempts.tried.push(headline);
        acked.headlines.set(url, attempts);
        const answer = await client.call(
          "write: edit profile",
          "POST",
          `/api/acts/update/${url}`,
          client.withHeadline(headline),
        );
        if (answer.status === 200) {
          attempts.acked = headline;
          attempts.tried = [];
        }
      }
    }
  }

  /**
   * An event on a day of its own with one act invited, its offer, and the planner's acceptance:
   * the booking's number and its deposit's id, null when a step's answer was lost, "limited" when
   * the planner may make no more events this hour.
   */
  async function bookAct(planner, kind, { name, day, actUrl, offer }) {
    const event = await planner.call(`${kind}: create event`, "POST", "/api/events/create", {
      name,
      starttime: new Date(Date.now() + day * 86_400_000).toISOString(),
      location: "Chicago, IL",
      actUrl,
    });
    if (event.status === 429) return "limited";
    if (event.status !== 201) return null;
    const { rows: invites } = await sql.query(
      `select i.id from invites i join events e on e.id = i.event_id where e.url = $1`,
      [event.json().data.url],
    );
    if (!invites[0]) return null;
    const sent = await owner.call(`${kind}: send offer`, "POST", `/api/offers/submit/${invites[0].id}`, offer);
    if (sent.status !== 200) return null;
    const accepted = await planner.call(`${kind}: book`, "POST", `/api/offers/accept/${sent.json().data.id}`, {});
    if (accepted.status !== 200) return null;
    const number = accepted.json().data.booking;
    const { rows: payments } = await sql.query(
      `select p.id from payments p join bookings b on b.id = p.booking_id where b.number = $1 and p.kind = 'deposit'`,
      [number],
    );
    return { number, deposit: payments[0].id };
  }

  /**
   * A planner's loop: an event with The Velvet Tones on a day of its own, the artist's offer with
   * a deposit, the booking, the deposit recorded; every third booking cancelled and its refund
   * recorded. A step whose answer was lost ends that booking's round.
   */
  async function book(planner, n) {
    let round = 0;
    const byCard = cardBooking(planner, n);
    const paidOn = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    while (elapsed() < until) {
      round++;
      const booked = await bookAct(planner, "money", {
        name: `Chaos booking ${n}.${round}`,
        day: 400 + n * 2000 + round,
        actUrl: "the-velvet-tones",
        offer: { price: 1000, deposit_cents: 25_000 },
      });
      if (booked === "limited") break;
      if (!booked) continue;
      const { number, deposit } = booked;
      acked.bookings.add(number);
      const recorded = await owner.call("money: record payment", "POST", `/api/payments/${deposit}/record`, {
        method: "check",
        paid_on: paidOn,
      });
      if (recorded.status !== 200) continue;
      acked.paymentsRecorded.add(deposit);
      if (round % 3 !== 0) continue;
      // The act cancels: the deposit is owed back, and the artist records paying it.
      const cancelled = await owner.call("money: cancel", "POST", `/api/bookings/${number}/cancel`, {
        reason: "Chaos.",
      });
      if (cancelled.status !== 200) continue;
      acked.cancelled.add(number);
      const refunded = await owner.call("money: record refund", "POST", `/api/payments/${deposit}/record-refund`, {
        amount_cents: 25_000,
        method: "check",
        paid_on: paidOn,
      });
      if (refunded.status === 200) acked.refundsRecorded.add(deposit);
    }
    await byCard;
  }

  /**
   * A planner's card bookings of DJ Nova, beside the offline ones: the deposit paid on Stripe's
   * page; every third booking the act cancels while the payment is on its way (the two race).
   */
  async function cardBooking(planner, n) {
    let round = 0;
    while (elapsed() < until) {
      round++;
      const booked = await bookAct(planner, "card", {
        name: `Chaos card booking ${n}.${round}`,
        day: 400 + n * 2000 + 1000 + round,
        actUrl: "dj-nova",
        offer: { price: 800, deposit_cents: 20_000, cancellation_policy: "moderate" },
      });
      if (booked === "limited") return;
      if (!booked) continue;
      const { number, deposit } = booked;
      acked.cardBookings.add(number);
      const checkout = await planner.call("card: checkout", "POST", `/api/payments/${deposit}/checkout`);
      if (checkout.status !== 200) continue;
      const session = checkout.json().data.url.split("/").pop();
      const pay = stripe.payCheckout(session).then(() => acked.cardPaid.add(number));
      if (round % 3 === 0) {
        const cancelled = await owner.call("card: cancel", "POST", `/api/bookings/${number}/cancel`, {
          reason: "Chaos.",
        });
        if (cancelled.status === 200) acked.cardCancelled.add(number);
      }
      await pay.catch(() => undefined);
    }
  }

  /** A write on one server, then the other's guest page until it shows it: how stale a second server is. */
  async function probeStaleness(client) {
    const delays = [];
    let seq = 0;
    while (elapsed() < until - PROBE_EVERY_MS) {
      await sleep(PROBE_EVERY_MS);
      const [writer, reader] = seq++ % 2 === 0 ? [servers[0], victim] : [victim, servers[0]];
      if (!writer.up || !reader.up) continue;
      const headline = `Probe ${seq}`;
      const written = await fetch(`${writer.base}/api/acts/update/${client.artist.url}`, {
        method: "POST",
        dispatcher: client.dispatcher,
        headers: { cookie: client.cookie, origin: writer.base, "content-type": "application/json" },
        body: JSON.stringify(client.withHeadline(headline)),
      }).catch(() => null);
      if (written?.status !== 200) continue;
      const wroteAt = performance.now();
      for (let i = 0; i < 200; i++) {
        const page = await fetch(`${reader.base}/entertainment/${client.artist.url}`)
          .then((r) => r.text())
          .catch(() => "");
        if (page.includes(headline)) {
          delays.push(performance.now() - wroteAt);
          break;
        }
        await sleep(10);
      }
    }
    return delays.sort((a, b) => a - b);
  }

  await report({ calls, acked, staleness, killedAt, readyAt, victim });
}

async function report({ calls, acked, staleness, killedAt, readyAt, victim }) {
  // Every acknowledged write, checked row by row in the database.
  const lost = [];
  const ids = (map) => [...map.keys()];
  const { rows: testimonialRows } = await sql.query(`select id from testimonials where id = any($1::int[])`, [
    ids(acked.testimonials),
  ]);
  const present = new Set(testimonialRows.map((row) => row.id));
  for (const id of acked.testimonials.keys()) {
    if (acked.maybeDeleted.has(id) && !acked.deletedTestimonials.has(id)) continue;
    if (acked.deletedTestimonials.has(id) === present.has(id))
      lost.push(`testimonial ${id} ${acked.deletedTestimonials.has(id) ? "deleted but still there" : "missing"}`);
  }
  const { rows: offeringRows } = await sql.query(`select id from packages where id = any($1::int[])`, [
    ids(acked.offerings),
  ]);
  const offerings = new Set(offeringRows.map((row) => row.id));
  for (const id of acked.offerings.keys()) if (!offerings.has(id)) lost.push(`offering ${id} missing`);
  for (const [url, attempts] of acked.headlines) {
    if (!attempts.acked) continue;
    const { rows } = await sql.query(`select headline from acts where url = $1`, [url]);
    // The last acknowledged headline, or one tried after it whose answer was lost with its server.
    if (![attempts.acked, ...attempts.tried].includes(rows[0]?.headline))
      lost.push(
        `${url}: headline ${JSON.stringify(rows[0]?.headline)}, acknowledged ${JSON.stringify(attempts.acked)}`,
      );
  }
  // Money: each acknowledged step is there, every transaction balances, and each booking's ledger
  // says what its payments say (owed while due, received once recorded, less refunds recorded).
  const { rows: moneyRows } = await sql.query(
    `select b.number, b.status, p.id, p.status as paid, p.amount_cents, p.refunded_cents
       from bookings b join payments p on p.booking_id = b.id where b.number = any($1::text[])`,
    [[...acked.bookings]],
  );
  const byNumber = new Map(moneyRows.map((row) => [row.number, row]));
  for (const number of acked.bookings) if (!byNumber.has(number)) lost.push(`booking ${number} missing`);
  for (const row of moneyRows) {
    if (acked.paymentsRecorded.has(row.id) && row.paid === "due") lost.push(`payment ${row.id} recorded but due`);
    if (acked.refundsRecorded.has(row.id) && row.refunded_cents === 0) lost.push(`refund of ${row.id} missing`);
    if (acked.cancelled.has(row.number) && row.status !== "cancelled") lost.push(`booking ${row.number} not cancelled`);
  }
  const { rows: unbalanced } = await sql.query(
    `select transaction_id from ledger_lines group by 1 having sum(amount_cents) <> 0`,
  );
  const { rows: disagreeing } = await sql.query(
    `with ledger as (
       select t.booking_number as number,
              sum(l.amount_cents) filter (where l.account = 'planner_owes') as owes,
              sum(l.amount_cents) filter (where l.account = 'act_received') as received
         from ledger_transactions t join ledger_lines l on l.transaction_id = t.id
        where t.booking_number = any($1::text[]) group by 1),
     paid as (
       select b.number,
              sum(p.amount_cents) filter (where p.status = 'due' and b.status <> 'cancelled') as owes,
              sum(p.amount_cents - p.refunded_cents) filter (where p.status <> 'due') as received
         from bookings b join payments p on p.booking_id = b.id
        where b.number = any($1::text[]) group by 1)
     select paid.number from paid left join ledger using (number)
      where coalesce(ledger.owes, 0) <> coalesce(paid.owes, 0) or coalesce(ledger.received, 0) <> coalesce(paid.received, 0)`,
    [[...acked.bookings]],
  );
  // Card money: once the servers' jobs are done (refunds asked, charges read), every event
  // delivered, the stand-in's balance is the ledger's platform balance, and no cancelled booking
  // keeps a deposit its policy (the act cancelled: everything) gives back with nothing owed.
  for (let waited = 0; waited < 120; waited++) {
    await stripe.deliverPending();
    const { rows } = await sql.query(
      `select count(*)::int as n from pgboss.job where name in ('card_refund', 'card_charge') and state in ('created', 'retry', 'active')`,
    );
    if (rows[0].n === 0) break;
    await sleep(1_000);
  }
  await stripe.deliverPending();
  const { rows: held } = await sql.query(
    `select coalesce(sum(amount_cents), 0)::bigint as cents from ledger_lines where account = 'platform_held'`,
  );
  const { rows: keptWhileCancelled } = await sql.query(
    `select b.number from bookings b join payments p on p.booking_id = b.id
      where b.number = any($1::text[]) and b.status = 'cancelled' and p.status = 'paid'
        and not exists (select 1 from ledger_transactions t join ledger_lines l on l.transaction_id = t.id
                         where t.booking_number = b.number and l.account = 'refund_owed' and l.amount_cents < 0)`,
    [[...acked.cardBookings]],
  );
  const { rows: cardDisagreeing } = await sql.query(
    `select b.number from bookings b join payments p on p.booking_id = b.id
      where b.number = any($1::text[]) and p.status <> 'due'
        and p.amount_cents - p.refunded_cents <> (
          select coalesce(sum(l.amount_cents), 0) from ledger_transactions t join ledger_lines l on l.transaction_id = t.id
           where t.payment_id = p.id and l.account in ('platform_held', 'processor_fees', 'act_received', 'act_owes'))`,
    [[...acked.cardBookings]],
  );
  console.log(
    `Card money: ${acked.cardBookings.size} bookings, ${acked.cardPaid.size} deposits paid by card, ${acked.cardCancelled.size} cancelled as they were paid; ${keptWhileCancelled.length} cancelled bookings keeping a paid deposit with nothing owed, ${cardDisagreeing.length} payments whose ledger disagrees with them; the stand-in holds ${stripe.balance()} cents, the ledger's platform balance is ${held[0].cents} (${Number(held[0].cents) === stripe.balance() ? "equal" : "NOT EQUAL"})`,
  );
  console.log(
    `\nMoney: ${acked.bookings.size} bookings, ${acked.paymentsRecorded.size} payments and ${acked.refundsRecorded.size} refunds recorded, ${acked.cancelled.size} cancelled; ${unbalanced.length} unbalanced ledger transactions, ${disagreeing.length} bookings whose ledger disagrees with their payments`,
  );

  const writes =
    acked.bookings.size +
    acked.paymentsRecorded.size +
    acked.refundsRecorded.size +
    acked.cancelled.size +
    acked.testimonials.size +
    acked.deletedTestimonials.size +
    acked.offerings.size +
    [...acked.headlines.values()].filter((a) => a.acked).length;

  const inFlight = (call) => call.server === victim.index && call.sent < killedAt && call.sent + call.ms >= killedAt;
  const whileDown = (call) => call.server === victim.index && call.sent >= killedAt && call.sent < readyAt;
  const when = (call) =>
    inFlight(call) ? " (in flight when killed)" : whileDown(call) ? " (sent while it was down)" : "";
  const failures = new Map();
  for (const call of calls) {
    const failed = call.cause || call.status >= 500 || call.status === 0;
    if (!failed && call.status < 400) continue;
    const what = call.cause || `HTTP ${call.status}`;
    const key = `${what.padEnd(14)} server ${call.server}${when(call)}  ${call.kind}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }

  const uncertain = [...acked.maybeDeleted].filter((id) => !acked.deletedTestimonials.has(id)).length;
  console.log(`\n${calls.length} requests; ${writes} acknowledged writes checked in the database: ${lost.length} lost`);
  console.log(
    `(${uncertain} testimonials whose delete lost its answer, or found it gone, may be there or not: not counted)`,
  );
  for (const line of lost.slice(0, 20)) console.log(`  LOST ${line}`);
  console.log(`\nFailures by cause (refused connections were sent on to the next server):`);
  if (failures.size === 0) console.log("  none");
  for (const [key, count] of [...failures].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(6)}  ${key}`);
  const serverErrors = calls.filter((call) => call.status >= 500 && !inFlight(call)).length;
  console.log(`5xx outside the killed server's requests in flight: ${serverErrors}`);

  console.log(`\nLatency per minute per server (ms), all requests that got an answer:`);
  console.log(`  minute  server  requests     p50     p99`);
  const minutes = Math.ceil(SECONDS / 60);
  for (let minute = 0; minute < minutes; minute++) {
    for (const server of servers) {
      const ms = calls
        .filter((call) => call.status > 0 && call.server === server.index && Math.floor(call.sent / 60_000) === minute)
        .map((call) => call.ms)
        .sort((a, b) => a - b);
      console.log(
        `  ${String(minute + 1).padStart(6)}  ${String(server.index).padStart(6)}  ${String(ms.length).padStart(8)}  ${String(percentile(ms, 50)).padStart(6)}  ${String(percentile(ms, 99)).padStart(6)}`,
      );
    }
  }

  console.log(
    `\nServer ${victim.index} killed at ${(killedAt / 1000).toFixed(1)} s, answering again at ${(readyAt / 1000).toFixed(1)} s (${((readyAt - killedAt) / 1000).toFixed(1)} s down).`,
  );
  // In 5-second windows after the restart: the restarted server's p50 against the survivors'.
  let backAfter = null;
  for (let from = readyAt; from < SECONDS * 1000; from += 5_000) {
    const window = (mine) =>
      calls
        .filter(
          (call) =>
            call.status > 0 && (call.server === victim.index) === mine && call.sent >= from && call.sent < from + 5_000,
        )
        .map((call) => call.ms)
        .sort((a, b) => a - b);
    const restarted = window(true);
    const survivors = window(false);
    if (restarted.length < 10 || survivors.length < 10) continue;
    const [p50, survivorP50] = [percentile(restarted, 50), percentile(survivors, 50)];
    console.log(
      `  ${((from - readyAt) / 1000).toFixed(0).padStart(3)}-${((from - readyAt) / 1000 + 5).toFixed(0).padEnd(3)} s after: restarted p50 ${p50} ms, survivors ${survivorP50} ms`,
    );
    if (backAfter === null && p50 <= Math.max(survivorP50 * 1.1, survivorP50 + 2))
      backAfter = (from - readyAt) / 1000 + 5;
    if (from - readyAt >= 30_000 && backAfter !== null) break;
  }
  console.log(`Back to the survivors' p50 within ${backAfter === null ? "the run: no" : `${Math.round(backAfter)} s`}`);

  console.log(
    `\nA write on one server, shown on another's guest page: ${staleness.length} probes, p50 ${percentile(staleness, 50)} ms, p99 ${percentile(staleness, 99)} ms, max ${Math.round(staleness.at(-1) ?? 0)} ms`,
  );

  // The job queue the servers share: each job is claimed by one of them, kill or no kill.
  const { rows: jobs } = await sql.query(
    `select name, state::text as state, count(*)::int as count, count(distinct id)::int as ids, sum(retry_count)::int as retries
       from pgboss.job group by name, state order by name, state`,
  );
  console.log(`\nJobs by kind and state over the run (${SECONDS} s, ${SERVERS} servers, one killed):`);
  console.log(`  kind             state       jobs  retries`);
  for (const row of jobs)
    console.log(
      `  ${row.name.padEnd(16)} ${row.state.padEnd(10)} ${String(row.count).padStart(5)}  ${String(row.retries).padStart(7)}`,
    );
  const { rows: minutely } = await sql.query(
    `select name, count(*)::int as runs, count(distinct date_trunc('minute', started_on))::int as minutes
       from pgboss.job where state = 'completed' and name in ('calendar_read', 'facet_compact', 'mail_retry') group by name order by name`,
  );
  for (const row of minutely)
    console.log(
      `  ${row.name}: ${row.runs} runs in ${row.minutes} minutes (one per minute between all servers, plus each start's)`,
    );
}
