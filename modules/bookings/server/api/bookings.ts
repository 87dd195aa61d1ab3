import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import { pageQuerySchema } from "#domain/paging";
import { bookingMadeSchema, messageResultSchema } from "#domain/resources/results";
import { pathSegmentSchema } from "#domain/schemas/fields";
import { adminOnly, requireAdmin, requireViewer, roles, signedIn } from "#server/api/guards";
import { socketAddress } from "#server/http/client-ip";
import { onAct } from "#modules/acts/server";
import { canSetUpPayouts } from "#domain/permissions";
import { apiRoute, dataResponse, errorResponses, pagedResponse } from "#server/api/route-docs";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter, idParam } from "#server/api/router";
import {
  cardRedirectSchema,
  webhookReceivedSchema,
  bookingSchema,
  bookingSummarySchema,
  cancellationQuoteSchema,
  caseResultSchema,
  caseSchema,
  ledgerLineSchema,
} from "../../answers";
import { CASE_STATUSES, reportProblemSchema, resolveCaseSchema } from "../../cases";
import { listCases, reportProblem, resolveCase } from "../cases";
import {
  cancelBookingSchema,
  checkoutSchema,
  instantBookingSchema,
  recordPaymentSchema,
  recordRefundSchema,
} from "../../schemas";
import { bookInstantly } from "../instant-booking";
import { cancelBooking } from "../booking-commands";
import { bookingDetail, cancellationQuote, ledgerOf, listBookings } from "../booking-queries";
import { recordPayment, recordRefund } from "../payment-commands";
import { startCheckout, startPayoutOnboarding } from "../card-commands";
import { receiveStripeWebhook } from "../card-events";

const numberParam = z.object({
  number: pathSegmentSchema().openapi({ param: { name: "number", in: "path" }, example: "K7TQ9MXA" }),
});
const SIDES = "The event's planner, the act's manager and admins (anyone else: 404)";

/** Bookings and their payments: the list, one booking, what a cancellation would refund, recording a payment. */
export const bookingRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      middleware: [signedIn],
      path: "/bookings",
      tags: ["Bookings"],
      summary:
        "A page of the caller's bookings (a planner's, an artist's acts', or all for admins), soonest event first",
      request: { query: pageQuerySchema },
      responses: { 200: pagedResponse("Bookings, soonest event first", bookingSummarySchema) },
    }),
    async (c) => c.json(await listBookings(c.get("db"), requireViewer(c), c.req.valid("query")), 200),
  )
  .openapi(
    ...commandRoute(
      apiRoute(
        {
          method: "get",
          middleware: [signedIn],
          path: "/bookings/{number}",
          tags: ["Bookings"],
          summary: "A booking: its agreement, payments and each side's contact on the day",
          request: { params: numberParam },
          responses: { 200: dataResponse("The booking", bookingSchema), ...errorResponses(404) },
        },
        { who: SIDES, session: "required", forbids: false, finds: true },
      ),
      (deps, c) => bookingDetail({ db: deps.db, cache: c.get("readCache") }, deps.viewer, c.req.valid("param").number),
    ),
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [roles("PLANNER")],
      path: "/bookings/instant",
      tags: ["Bookings"],
      summary:
        "Book an instant offering for one of the caller's events (planners): the booking accepting an offer makes, at the offering's terms with travel added; 409 when the day is not free, the offering is not instant or the act cannot be booked",
      request: { body: { content: { "application/json": { schema: instantBookingSchema } }, required: true } },
      responses: { 201: dataResponse("Booked", bookingMadeSchema), ...errorResponses(403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(
        {
          data: await bookInstantly(
            c.get("db"),
            c.get("jobs"),
            requireViewer(c),
            c.req.valid("json"),
            socketAddress(c) ?? null,
            c.get("cards"),
          ),
        },
        201,
      ),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/bookings/{number}/ledger",
      tags: ["Bookings"],
      summary: "A booking's double-entry ledger, oldest first: each transaction's lines sum to 0 (admins)",
      request: { params: numberParam },
      responses: { 200: dataResponse("The ledger's lines", z.array(ledgerLineSchema)), ...errorResponses(404) },
    }),
    async (c) => c.json({ data: await ledgerOf(c.get("db"), requireAdmin(c), c.req.valid("param").number) }, 200),
  )
  .openapi(
    ...commandRoute(
      apiRoute(
        {
          method: "get",
          middleware: [signedIn],
          path: "/bookings/{number}/cancellation",
          tags: ["Bookings"],
          summary:
            "What would be refunded and what kept if the caller's side cancelled the booking today (409 from the event's start)",
          request: { params: numberParam },
          responses: {
            200: dataResponse("Refunded and kept, in US cents", cancellationQuoteSchema),
            ...errorResponses(403, 404, 409),
          },
        },
        { who: "The booking's planner or its act's manager", session: "required", forbids: true, finds: true },
      ),
      (deps, c) => cancellationQuote(deps.db, deps.viewer, c.req.valid("param").number),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute(
        {
          method: "post",
          middleware: [signedIn],
          path: "/bookings/{number}/cancel",
          tags: ["Bookings"],
          summary:
            "Cancel a booking (its planner or its act's manager): refunds by the policy (all of it when the act cancels), the other side told",
          request: {
            params: numberParam,
            body: { content: { "application/json": { schema: cancelBookingSchema } }, required: true },
          },
          responses: { 200: dataResponse("Cancelled", messageResultSchema), ...errorResponses(403, 404, 409, 422) },
        },
        { who: "The booking's planner or its act's manager", session: "required", forbids: true, finds: true },
      ),
      (deps, c) => cancelBooking(deps.db, deps.jobs, deps.viewer, c.req.valid("param").number, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: signedIn,
        path: "/payments/{paymentId}/record",
        result: messageResultSchema,
        tags: ["Bookings"],
        summary: "Record a payment the planner made to the act directly (the act's manager); the planner is told",
        params: idParam("paymentId"),
        body: recordPaymentSchema,
        errors: [403, 404, 409, 422],
      }),
      (deps, c) => recordPayment(deps.db, deps.jobs, deps.viewer, c.req.valid("param").paymentId, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: signedIn,
        path: "/payments/{paymentId}/checkout",
        result: cardRedirectSchema,
        tags: ["Bookings"],
        summary:
          "Pay a payment by card (the booking's planner): answers a Stripe Checkout address; the payment is paid when Stripe's webhook says so. With save_card (a deposit while the balance is to come) the card is saved and the balance charged on its day. 409 'Card payments are not set up' without Stripe",
        params: idParam("paymentId"),
        body: checkoutSchema,
        bodyRequired: false,
        errors: [403, 404, 409, 422],
      }),
      (deps, c) =>
        startCheckout(
          deps.db,
          deps.cards,
          deps.viewer,
          c.req.valid("param").paymentId,
          // Without a JSON body the validator is skipped: the body's defaults.
          checkoutSchema.parse(c.req.valid("json") ?? {}).save_card,
        ),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onAct(canSetUpPayouts, "The act's own artist"),
        path: "/payouts/onboard/{actUrl}",
        result: cardRedirectSchema,
        tags: ["Bookings"],
        summary:
          "Set up the act's payouts (its artist): answers a one-time Stripe onboarding address for the act's Express account. 409 'Card payments are not set up' without Stripe",
        params: actUrlParam,
        errors: [403, 404, 409],
      }),
      (deps, c) => startPayoutOnboarding(deps.db, deps.cards, deps.viewer, c.req.valid("param").actUrl),
    ),
  )
  .openapi(
    apiRoute(
      {
        method: "post",
        path: "/stripe/webhook",
        tags: ["Bookings"],
        summary:
          "Stripe's events (payments, refunds, transfers, accounts): the Stripe-Signature header must verify against the raw body, else 400 and nothing changes; each event is applied once however often it comes. Needs no session",
        request: { headers: z.object({ "stripe-signature": z.string().max(2000).optional() }) },
        responses: { 200: dataResponse("Received", webhookReceivedSchema), ...errorResponses(400, 409) },
      },
      { who: "Stripe (the signature decides)", session: "optional", forbids: false },
    ),
    async (c) =>
      c.json(
        {
          data: await receiveStripeWebhook(
            c.get("db"),
            c.get("jobs"),
            c.get("cards"),
            await c.req.text(),
            c.req.header("stripe-signature"),
          ),
        },
        200,
      ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: signedIn,
        path: "/payments/{paymentId}/record-refund",
        result: messageResultSchema,
        tags: ["Bookings"],
        summary:
          "Record money the act paid back to the planner (the act's manager): at most what was paid and not yet refunded",
        params: idParam("paymentId"),
        body: recordRefundSchema,
        errors: [403, 404, 409, 422],
      }),
      (deps, c) => recordRefund(deps.db, deps.jobs, deps.viewer, c.req.valid("param").paymentId, c.req.valid("json")),
    ),
  )
  .openapi(
    apiRoute(
      {
        method: "post",
        middleware: [signedIn],
        path: "/bookings/{number}/report",
        tags: ["Bookings"],
        summary:
          "Report a problem with a booking (its planner or its act's manager): a case opens for admins, the other side is told; one open at a time",
        request: {
          params: numberParam,
          body: { content: { "application/json": { schema: reportProblemSchema } }, required: true },
        },
        responses: {
          201: dataResponse("Reported", caseResultSchema),
          ...errorResponses(403, 404, 409, 422),
        },
      },
      { who: "The booking's planner or its act's manager", session: "required", forbids: true, finds: true },
    ),
    async (c) =>
      c.json(
        {
          data: await reportProblem(
            c.get("db"),
            c.get("jobs"),
            requireViewer(c),
            c.req.valid("param").number,
            c.req.valid("json"),
          ),
        },
        201,
      ),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/cases",
      tags: ["Bookings"],
      summary: "Problems reported on bookings, open ones first, newest first (admins)",
      request: { query: z.object({ status: z.enum(CASE_STATUSES).optional() }) },
      responses: { 200: dataResponse("Cases", z.array(caseSchema)) },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json({ data: await listCases(c.get("db"), c.req.valid("query").status) }, 200);
    },
  )
  .openapi(
    actionRouteWithBody({
      guard: adminOnly,
      path: "/cases/{caseId}/resolve",
      result: caseResultSchema,
      tags: ["Bookings"],
      summary:
        "Resolve a case with a refund of any part of what was paid (offline: owed by the act) and a note both sides read (admins)",
      params: idParam("caseId"),
      body: resolveCaseSchema,
      errors: [404, 409, 422],
    }),
    async (c) =>
      c.json(
        {
          data: await resolveCase(
            c.get("db"),
            c.get("jobs"),
            requireAdmin(c),
            c.req.valid("param").caseId,
            c.req.valid("json"),
          ),
        },
        200,
      ),
  );
