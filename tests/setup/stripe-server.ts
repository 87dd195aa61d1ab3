// A local server answering the part of Stripe's HTTP API our card payments call, statefully and with
// Stripe's error shapes, and delivering its events signed by the SDK's own test helper.
import { randomBytes } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";

type Params = Record<string, unknown>;
type StripeObject = Record<string, unknown> & { id: string };
type Answer = { status: number; body: unknown };
/**
 * How a saved card answers an off-session charge, as Stripe's test cards do: 4242… works,
 * 4000 0000 0000 0341 attaches but declines, 4000 0027 6000 3184 asks for authentication.
 */
export type SavedCardBehaviour = "works" | "declines" | "needs_authentication";

/** What the test does where Stripe's own pages and dashboard would: onboard, pay, deliver events. */
export interface LocalStripe {
  /** The address for STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** The act's manager finishes onboarding: the account may charge and pay out (account.updated). */
  completeOnboarding(accountId: string): Promise<void>;
  /**
   * The planner pays a Checkout Session on Stripe's page (checkout.session.completed), delivered
   * unless held back. A session that saves the card (setup_future_usage) makes a customer and
   * attaches the card to it; `savedCard` says how that card answers later off-session charges.
   */
  payCheckout(sessionId: string, options?: { deliver?: boolean; savedCard?: SavedCardBehaviour }): Promise<void>;
  /** A saved card starts answering off-session charges this way (it expired, or the bank wants the planner). */
  cardWillAnswer(paymentMethodId: string, behaviour: SavedCardBehaviour): void;
  /**
   * Days pass: every charge's funds become available, as Stripe's do two business days after the
   * charge (until then a transfer without source_transaction finds the balance too low).
   */
  settleCharges(): void;
  /** A connected account pays its Stripe balance out to its bank: nothing is left to reverse. */
  payOut(accountId: string): void;
  /** A connected account's Stripe balance in cents. */
  accountBalance(accountId: string): number;
  /** The planner's bank disputes a charge (charge.dispute.created): Stripe takes the amount and its fee at once. */
  dispute(chargeId: string): Promise<StripeObject>;
  /** The dispute ends (charge.dispute.closed): won gives the amount and the fee back; lost keeps them. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Promise<void>;
  /**
   * Sends the events not yet delivered, oldest first, as Stripe's webhook calls would; or newest
   * first, as Stripe does not promise their order.
   */
  deliverPending(options?: { newestFirst?: boolean }): Promise<Response[]>;
  /** Sends an event again, as Stripe retries one. */
  redeliver(eventId: string): Promise<Response>;
  /** The body and signature header of an event, for tests that send it themselves. */
  signed(eventId: string): { body: string; signature: string };
  events: StripeObject[];
  objects(
    kind:
      | "accounts"
      | "sessions"
      | "intents"
      | "charges"
      | "refunds"
      | "transfers"
      | "disputes"
      | "balanceTransactions"
      | "customers"
      | "paymentMethods",
  ): StripeObject[];
  /**
   * The platform's balance in cents, available and pending together: charged less Stripe's fee,
   * less refunded and transferred, plus reversed, less disputes lost (with their fee).
   */
  balance(): number;
  /** The part of the platform's balance a transfer without source_transaction may use. */
  available(): number;
  /** How many requests each path was sent, replays included. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  close(): Promise<void>;
}

const error = (status: number, type: string, message: string, extra: Params = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const missing = (kind: string, id: string, param = "id") =>
  error(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param });
const idFor = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
/** Stripe's standard US card pricing: 2.9% of the charge and 30 cents, the percentage rounded. */
export const stripeCardFee = (amount: number) => Math.round(amount * 0.029) + 30;
/** What Stripe charges the platform for a dispute, won or lost until it ends. */
export const STRIPE_DISPUTE_FEE = 1500;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Starts the server. `deliver` is how a webhook call reaches the app (an in-process request, or a
 * fetch to a running server): it is given the raw body and its Stripe-Signature header.
 */
export async function startLocalStripe(
  deliver: (body: string, signature: string) => Promise<Response>,
): Promise<LocalStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const store = {
    accounts: new Map<string, StripeObject>(),
    sessions: new Map<string, StripeObject>(),
    intents: new Map<string, StripeObject>(),
    charges: new Map<string, StripeObject>(),
    refunds: new Map<string, StripeObject>(),
    transfers: new Map<string, StripeObject>(),
    disputes: new Map<string, StripeObject>(),
    balanceTransactions: new Map<string, StripeObject>(),
    customers: new Map<string, StripeObject>(),
    paymentMethods: new Map<string, StripeObject>(),
  };
  const events: StripeObject[] = [];
  let delivered = 0;
  /** The platform's funds: pending until its charges settle, then available. */
  let available = 0;
  let pending = 0;
  /** Each connected account's Stripe balance (what transfers brought and payouts have not taken). */
  const accountBalances = new Map<string, number>();
  /** How much of each charge was transferred to acts (source_transaction), less reversals. */
  const transferredFrom = new Map<string, number>();
  /**
   * Takes money from the platform: available first, then pending, then below zero (Stripe refunds
   * and disputes a platform whose balance is short, and debits its bank later).
   */
  function debit(amount: number) {
    const fromAvailable = Math.min(available, amount);
    available -= fromAvailable;
    pending -= amount - fromAvailable;
  }
  const total = () => available + pending;
  const requests: LocalStripe["requests"] = [];
  const replies = new Map<string, { params: string; answer: Answer }>();
  /** Where each onboarding link sends its person back. */
  const links = new Map<string, { account: string; returnUrl: string }>();

  function emit(type: string, object: StripeObject) {
    events.push({
      id: idFor("evt"),
      object: "event",
      api_version: "2025-01-01",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    });
  }

  function signed(eventId: string) {
    const event = events.find((each) => each.id === eventId);
    if (!event) throw new Error(`no event ${eventId}`);
    const body = JSON.stringify(event, null, 2);
    return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
  }

  const routes: [string, RegExp, (match: RegExpMatchArray, params: Params) => Answer][] = [
    [
      "POST",
      /^\/v1\/accounts$/,
      (_, params) => {
        const account = {
          id: idFor("acct"),
          object: "account",
          type: params.type ?? "express",
          email: params.email ?? null,
          business_profile: params.business_profile ?? {},
          metadata: params.metadata ?? {},
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          created: now(),
        };
        store.accounts.set(account.id, account);
        return { status: 200, body: account };
      },
    ],
    [
      "GET",
      /^\/v1\/accounts\/([^/]+)$/,
      ([, id]) => {
        const account = store.accounts.get(id!);
        return account ? { status: 200, body: account } : missing("account", id!);
      },
    ],
    [
      "POST",
      /^\/v1\/account_links$/,
      (_, params) => {
        const account = String(params.account ?? "");
        if (!store.accounts.has(account)) return missing("account", account, "account");
        for (const field of ["refresh_url", "return_url", "type"])
          if (!params[field])
            return error(400, "invalid_request_error", `Missing required param: ${field}.`, { param: field });
        const link = `${url}/setup/e/${account}/${randomBytes(6).toString("hex")}`;
        links.set(new URL(link).pathname, { account, returnUrl: String(params.return_url) });
        return { status: 200, body: { object: "account_link", created: now(), expires_at: now() + 300, url: link } };
      },
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions$/,
      (_, params) => {
        const items = (params.line_items ?? []) as { quantity?: string; price_data?: { unit_amount?: string } }[];
        if (params.mode !== "payment") return error(400, "invalid_request_error", "Invalid mode", { param: "mode" });
        if (!items.length)
          return error(400, "invalid_request_error", "Missing required param: line_items.", { param: "line_items" });
        const amount = items.reduce(
          (sum, item) => sum + Number(item.quantity ?? 1) * Number(item.price_data?.unit_amount),
          0,
        );
        if (!Number.isSafeInteger(amount) || amount < 50)
          return error(
            400,
            "invalid_request_error",
            "The Checkout Session's total amount due must add up to at least $0.50 usd",
            { param: "line_items" },
          );
        const id = idFor("cs");
        const session = {
          id,
          object: "checkout.session",
          mode: "payment",
          status: "open",
          payment_status: "unpaid",
          amount_total: amount,
          currency: "usd",
          customer_email: params.customer_email ?? null,
          customer: null,
          customer_creation: params.customer_creation ?? null,
          client_reference_id: params.client_reference_id ?? null,
          metadata: params.metadata ?? {},
          payment_intent: null,
          payment_intent_data: params.payment_intent_data ?? {},
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          url: `${url}/c/pay/${id}`,
          created: now(),
        };
        store.sessions.set(id, session);
        return { status: 200, body: session };
      },
    ],
    [
      "GET",
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      ([, id]) => {
        const session = store.sessions.get(id!);
        return session ? { status: 200, body: session } : missing("checkout.session", id!);
      },
    ],
    [
      "POST",
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      ([, id]) => {
        const session = store.sessions.get(id!);
        if (!session) return missing("checkout.session", id!);
        if (session.status !== "open")
          return error(
            400,
            "invalid_request_error",
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        Object.assign(session, { status: "expired", url: null });
        emit("checkout.session.expired", session);
        return { status: 200, body: session };
      },
    ],
    [
      "POST",
      /^\/v1\/refunds$/,
      (_, params) => {
        const intentId = String(params.payment_intent ?? "");
        const intent = store.intents.get(intentId);
        if (!intent) return missing("payment_intent", intentId, "payment_intent");
        const charge = store.charges.get(String(intent.latest_charge))!;
        const disputes = [...store.disputes.values()].filter((dispute) => dispute.charge === charge.id);
        if (disputes.some((dispute) => dispute.status === "needs_response"))
          return error(400, "invalid_request_error", `Charge ${charge.id} has been disputed.`, {
            code: "charge_disputed",
          });
        const lost = disputes
          .filter((dispute) => dispute.status === "lost")
          .reduce((sum, dispute) => sum + Number(dispute.amount), 0);
        const left = Number(charge.amount) - Number(charge.amount_refunded) - lost;
        const amount = params.amount === undefined ? left : Number(params.amount);
        if (!Number.isSafeInteger(amount) || amount <= 0)
          return error(400, "invalid_request_error", "Invalid positive integer", { param: "amount" });
        if (left <= 0)
          return error(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, {
            code: "charge_already_refunded",
          });
        if (amount > left)
          return error(
            400,
            "invalid_request_error",
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
            { param: "amount", code: "amount_too_large" },
          );
        const refund = {
          id: idFor("re"),
          object: "refund",
          amount,
          charge: charge.id,
          payment_intent: intentId,
          status: "succeeded",
          metadata: params.metadata ?? {},
          created: now(),
        };
        store.refunds.set(refund.id, refund);
        Object.assign(charge, { amount_refunded: Number(charge.amount_refunded) + amount });
        charge.refunded = charge.amount_refunded === charge.amount;
        debit(amount);
        emit("refund.created", refund);
        emit("charge.refunded", charge);
        return { status: 200, body: refund };
      },
    ],
    [
      "POST",
      /^\/v1\/transfers$/,
      (_, params) => {
        const destination = String(params.destination ?? "");
        const account = store.accounts.get(destination);
        if (!account) return missing("account", destination, "destination");
        if (!account.payouts_enabled)
          return error(
            400,
            "invalid_request_error",
            "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
            { param: "destination" },
          );
        const amount = Number(params.amount);
        if (!Number.isSafeInteger(amount) || amount <= 0)
          return error(400, "invalid_request_error", "Invalid positive integer", { param: "amount" });
        // With source_transaction the transfer is of that charge's money, pending or not; without,
        // only the available balance may pay it (Stripe's "insufficient available funds").
        const source = params.source_transaction === undefined ? null : String(params.source_transaction);
        if (source !== null) {
          const charge = store.charges.get(source);
          if (!charge) return missing("charge", source, "source_transaction");
          const left = Number(charge.amount) - Number(charge.amount_refunded) - (transferredFrom.get(source) ?? 0);
          if (amount > left)
            return error(
              400,
              "invalid_request_error",
              `The transfer amount ($${(amount / 100).toFixed(2)}) exceeds the source transaction's remaining amount ($${(left / 100).toFixed(2)}).`,
              { param: "amount" },
            );
          transferredFrom.set(source, (transferredFrom.get(source) ?? 0) + amount);
        } else if (amount > available)
          return error(400, "invalid_request_error", "You have insufficient available funds in your Stripe account.", {
            code: "balance_insufficient",
          });
        const transfer = {
          source_transaction: source,
          id: idFor("tr"),
          object: "transfer",
          amount,
          amount_reversed: 0,
          reversed: false,
          currency: params.currency ?? "usd",
          destination,
          transfer_group: params.transfer_group ?? null,
          metadata: params.metadata ?? {},
          created: now(),
        };
        store.transfers.set(transfer.id, transfer);
        debit(amount);
        accountBalances.set(destination, (accountBalances.get(destination) ?? 0) + amount);
        emit("transfer.created", transfer);
        return { status: 200, body: transfer };
      },
    ],
    [
      "POST",
      /^\/v1\/transfers\/([^/]+)\/reversals$/,
      ([, id], params) => {
        const transfer = store.transfers.get(id!);
        if (!transfer) return missing("transfer", id!);
        const left = Number(transfer.amount) - Number(transfer.amount_reversed);
        const amount = params.amount === undefined ? left : Number(params.amount);
        if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left)
          return error(400, "invalid_request_error", "Amount must be no more than the transfer's unreversed amount", {
            param: "amount",
          });
        // The money comes back out of the act's Stripe balance: gone once paid out to its bank.
        const destination = String(transfer.destination);
        if (amount > (accountBalances.get(destination) ?? 0))
          return error(
            400,
            "invalid_request_error",
            "Insufficient funds in the connected account's Stripe balance to reverse this transfer.",
            { code: "balance_insufficient" },
          );
        accountBalances.set(destination, (accountBalances.get(destination) ?? 0) - amount);
        const source = transfer.source_transaction ? String(transfer.source_transaction) : null;
        if (source) transferredFrom.set(source, (transferredFrom.get(source) ?? 0) - amount);
        const reversal = {
          id: idFor("trr"),
          object: "transfer_reversal",
          amount,
          transfer: id,
          metadata: params.metadata ?? {},
          created: now(),
        };
        Object.assign(transfer, { amount_reversed: Number(transfer.amount_reversed) + amount });
        transfer.reversed = transfer.amount_reversed === transfer.amount;
        available += amount;
        emit("transfer.reversed", transfer);
        return { status: 200, body: reversal };
      },
    ],
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (_, params) => {
        const amount = Number(params.amount);
        if (!Number.isSafeInteger(amount) || amount < 50)
          return error(400, "invalid_request_error", "Amount must be at least $0.50 usd", { param: "amount" });
        if (params.currency !== "usd")
          return error(400, "invalid_request_error", "Invalid currency", { param: "currency" });
        const methodId = String(params.payment_method ?? "");
        const method = store.paymentMethods.get(methodId);
        if (!method) return missing("payment_method", methodId, "payment_method");
        if (method.customer !== params.customer)
          return error(
            400,
            "invalid_request_error",
            "The provided PaymentMethod was previously used to make a payment without being attached to a Customer or was detached from a Customer, and may not be used again.",
            { param: "payment_method" },
          );
        if (params.confirm !== "true" || params.off_session !== "true")
          return error(400, "invalid_request_error", "This stand-in confirms off-session charges only", {
            param: "confirm",
          });
        const metadata = (params.metadata ?? {}) as Params;
        const behaviour = method.behaviour as SavedCardBehaviour;
        if (behaviour !== "works") {
          const intent = {
            id: idFor("pi"),
            object: "payment_intent",
            amount,
            currency: "usd",
            status: "requires_payment_method",
            customer: params.customer,
            payment_method: null,
            latest_charge: null,
            setup_future_usage: null,
            metadata,
            created: now(),
          };
          store.intents.set(intent.id, intent);
          emit("payment_intent.payment_failed", intent);
          return behaviour === "declines"
            ? error(402, "card_error", "Your card was declined.", {
                code: "card_declined",
                decline_code: "generic_decline",
                payment_intent: intent,
              })
            : error(402, "card_error", "Your card was declined. This transaction requires authentication.", {
                code: "authentication_required",
                decline_code: "authentication_required",
                payment_intent: intent,
              });
        }
        const intent = chargeCard(amount, metadata, { customer: String(params.customer), paymentMethod: methodId });
        return { status: 200, body: intent };
      },
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      ([, id], params) => {
        const intent = store.intents.get(id!);
        return intent ? { status: 200, body: expanded(intent, params) } : missing("payment_intent", id!);
      },
    ],
    [
      "GET",
      /^\/v1\/charges\/([^/]+)$/,
      ([, id], params) => {
        const charge = store.charges.get(id!);
        return charge ? { status: 200, body: expanded(charge, params) } : missing("charge", id!);
      },
    ],
    [
      "GET",
      /^\/v1\/balance_transactions\/([^/]+)$/,
      ([, id]) => {
        const transaction = store.balanceTransactions.get(id!);
        return transaction ? { status: 200, body: transaction } : missing("balance_transaction", id!);
      },
    ],
    [
      "GET",
      /^\/v1\/balance$/,
      () => ({
        status: 200,
        body: {
          object: "balance",
          livemode: false,
          available: [{ amount: available, currency: "usd" }],
          pending: [{ amount: pending, currency: "usd" }],
        },
      }),
    ],
  ];

  /** An object with the ids its `expand[]` names replaced by the objects (one level and their children). */
  function expanded(object: StripeObject, params: Params): StripeObject {
    const paths = ([] as unknown[]).concat(params.expand ?? []).map(String);
    const copy: Record<string, unknown> = structuredClone(object);
    for (const path of paths) {
      let at: Record<string, unknown> | undefined = copy;
      for (const field of path.split(".")) {
        if (!at) break;
        const value = at[field];
        if (typeof value === "string") {
          const found = lookup(value);
          if (found) at[field] = structuredClone(found);
        }
        at = at[field] as Record<string, unknown> | undefined;
      }
    }
    return copy as StripeObject;
  }

  function lookup(id: string): StripeObject | undefined {
    for (const kind of ["charges", "intents", "balanceTransactions", "transfers", "disputes"] as const) {
      const found = store[kind].get(id);
      if (found) return found;
    }
    return undefined;
  }

  function answer(method: string, path: string, params: Params): Answer {
    for (const [routeMethod, pattern, handle] of routes) {
      const match = path.match(pattern);
      if (match && routeMethod === method) return handle(match, params);
    }
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://stripe.local").pathname;
    const method = req.method ?? "GET";
    const key = req.headers["idempotency-key"] as string | undefined;
    if (!path.startsWith("/v1/")) return page(method, path, res);
    requests.push({ method, path, idempotencyKey: key });
    const send = ({ status, body }: Answer, replayed = false) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": idFor("req"),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return send(error(401, "invalid_request_error", "Invalid API Key provided: sk_test_****"));
    const query = new URL(req.url ?? "/", "http://stripe.local").search.slice(1);
    const params = qs.parse(method === "GET" ? query : raw, { depth: 10, arrayLimit: 100 }) as Params;
    if (method === "POST" && key) {
      const seen = replies.get(`${path}:${key}`);
      if (seen && seen.params !== raw)
        return send(
          error(
            400,
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          ),
        );
      if (seen) return send(seen.answer, true);
      const fresh = answer(method, path, params);
      replies.set(`${path}:${key}`, { params: raw, answer: fresh });
      return send(fresh);
    }
    return send(answer(method, path, params));
  }

  /**
   * Stripe's own pages, as a person uses them in a browser: onboarding ends with "Finish", and
   * Checkout with "Pay"; each then sends its events and the person back to our site.
   */
  async function page(method: string, path: string, res: ServerResponse) {
    const html = (title: string, button: string) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1><form method="post"><button type="submit">${button}</button></form></main></body></html>`,
      );
    };
    const back = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    const link = links.get(path);
    if (link && method === "GET") return html("Set up payouts (test)", "Finish");
    if (link && method === "POST") {
      await api.completeOnboarding(link.account);
      return back(link.returnUrl);
    }
    const session = store.sessions.get(path.match(/^\/c\/pay\/([^/]+)$/)?.[1] ?? "");
    if (session && method === "GET")
      return html(`Pay $${(Number(session.amount_total) / 100).toFixed(2)} (test)`, "Pay");
    if (session && method === "POST") {
      if (session.status === "open") await api.payCheckout(session.id);
      return back(String(session.success_url));
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("Not found");
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((failure: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(failure) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function deliverPending(options: { newestFirst?: boolean } = {}): Promise<Response[]> {
    const sent: Response[] = [];
    const due = events.slice(delivered);
    delivered = events.length;
    if (options.newestFirst) due.reverse();
    for (const event of due) {
      const { body, signature } = signed(event.id);
      sent.push(await deliver(body, signature));
    }
    // Events that came of these deliveries (none do here) go in order.
    while (delivered < events.length) {
      const { body, signature } = signed(events[delivered]!.id);
      delivered += 1;
      sent.push(await deliver(body, signature));
    }
    return sent;
  }

  /**
   * A card charged: its balance transaction (pending, less Stripe's fee), the charge and its
   * succeeded PaymentIntent, with payment_intent.succeeded emitted.
   */
  function chargeCard(
    amount: number,
    metadata: Params,
    card: { customer: string | null; paymentMethod: string; setupFutureUsage?: string | null },
  ): StripeObject {
    const intentId = idFor("pi");
    const fee = stripeCardFee(amount);
    const transaction = {
      id: idFor("txn"),
      object: "balance_transaction",
      amount,
      fee,
      net: amount - fee,
      currency: "usd",
      status: "pending",
      type: "charge",
      created: now(),
    };
    store.balanceTransactions.set(transaction.id, transaction);
    const charge = {
      id: idFor("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      paid: true,
      disputed: false,
      payment_intent: intentId,
      payment_method: card.paymentMethod,
      balance_transaction: transaction.id,
      currency: "usd",
      created: now(),
    };
    store.charges.set(charge.id, charge);
    const intent = {
      id: intentId,
      object: "payment_intent",
      amount,
      currency: "usd",
      status: "succeeded",
      customer: card.customer,
      payment_method: card.paymentMethod,
      setup_future_usage: card.setupFutureUsage ?? null,
      latest_charge: charge.id,
      metadata,
      created: now(),
    };
    store.intents.set(intentId, intent);
    pending += amount - fee;
    emit("payment_intent.succeeded", intent);
    return intent;
  }

  const api: LocalStripe = {
    url,
    secretKey,
    webhookSecret,
    events,
    requests,
    balance: total,
    available: () => available,
    objects: (kind) => [...store[kind].values()],
    settleCharges() {
      available += pending;
      pending = 0;
      for (const transaction of store.balanceTransactions.values()) transaction.status = "available";
    },
    payOut(accountId) {
      accountBalances.set(accountId, 0);
    },
    accountBalance: (accountId) => accountBalances.get(accountId) ?? 0,
    async dispute(chargeId) {
      const charge = store.charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      const amount = Number(charge.amount) - Number(charge.amount_refunded);
      const dispute = {
        id: idFor("dp"),
        object: "dispute",
        amount,
        currency: "usd",
        charge: chargeId,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status: "needs_response",
        balance_transactions: [
          {
            id: idFor("txn"),
            object: "balance_transaction",
            amount: -amount,
            fee: STRIPE_DISPUTE_FEE,
            net: -amount - STRIPE_DISPUTE_FEE,
            currency: "usd",
            type: "adjustment",
          },
        ],
        created: now(),
      };
      store.disputes.set(dispute.id, dispute);
      charge.disputed = true;
      debit(amount + STRIPE_DISPUTE_FEE);
      emit("charge.dispute.created", dispute);
      await deliverPending();
      return dispute;
    },
    async closeDispute(disputeId, outcome) {
      const dispute = store.disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = outcome;
      if (outcome === "won") available += Number(dispute.amount) + STRIPE_DISPUTE_FEE;
      emit("charge.dispute.closed", dispute);
      await deliverPending();
    },
    async completeOnboarding(accountId) {
      const account = store.accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      emit("account.updated", account);
      await deliverPending();
    },
    async payCheckout(sessionId, options = {}) {
      const session = store.sessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`checkout ${sessionId} is not open`);
      const intentData = session.payment_intent_data as { metadata?: Params; setup_future_usage?: string };
      const saves = intentData.setup_future_usage === "off_session";
      // Checkout makes the customer a saved card needs, and attaches the card to it.
      let customer: string | null = null;
      if (saves || session.customer_creation === "always") {
        customer = idFor("cus");
        store.customers.set(customer, {
          id: customer,
          object: "customer",
          email: session.customer_email,
          created: now(),
        });
      }
      const paymentMethod = idFor("pm");
      store.paymentMethods.set(paymentMethod, {
        id: paymentMethod,
        object: "payment_method",
        type: "card",
        card: { brand: "visa", last4: options.savedCard === "declines" ? "0341" : "4242" },
        customer: saves ? customer : null,
        behaviour: options.savedCard ?? "works",
        created: now(),
      });
      const intent = chargeCard(Number(session.amount_total), intentData.metadata ?? {}, {
        customer,
        paymentMethod,
        setupFutureUsage: saves ? "off_session" : null,
      });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        payment_intent: intent.id,
        customer,
        url: null,
      });
      emit("checkout.session.completed", session);
      if (options.deliver === false) delivered = events.length;
      else await deliverPending();
    },
    cardWillAnswer(paymentMethodId, behaviour) {
      const method = store.paymentMethods.get(paymentMethodId);
      if (!method) throw new Error(`no payment method ${paymentMethodId}`);
      method.behaviour = behaviour;
    },
    deliverPending,
    async redeliver(eventId) {
      const { body, signature } = signed(eventId);
      return deliver(body, signature);
    },
    signed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
