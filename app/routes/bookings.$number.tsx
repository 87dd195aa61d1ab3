import { redirect } from "react-router";
import { centsOfDollars } from "#domain/prices";

import { checkoutSchema, recordPaymentSchema, recordRefundSchema } from "#modules/bookings/schemas";
import { loadBooking } from "./bookings.$number.server";
import { recordPayment, recordRefund } from "#modules/bookings/server";
import { startCheckout } from "#modules/bookings/server";
import { reportProblemSchema } from "#modules/bookings/cases";
import { reportProblem } from "#modules/bookings/server";
import { BookingView } from "#modules/bookings/ui";
import { runCommand } from "#server/render/page-command";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/bookings.$number";

/** Stripe Checkout sends the planner back with the payment's id, to say it is being confirmed. */
export const handle: RouteHandle = { queryParams: ["paid"] };

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Booking ${params.number}` }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadBooking(context, url, params.number);
}

/**
 * The act's manager records a payment the planner made directly, or a refund it paid back;
 * the same commands as the API's.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const paymentId = Number(form.get("paymentId"));
  const typed = (name: string) => String(form.get(name) ?? "");
  if (typed("intent") === "checkout") {
    // Card payments happen on Stripe's page; it sends the planner back here.
    const checkout = await runCommand(
      context,
      checkoutSchema,
      { save_card: form.get("save_card") === "1" },
      ({ db, cards, viewer }, body) => startCheckout(db, cards, viewer, paymentId, body.save_card),
    );
    if (checkout.ok) throw redirect(checkout.data.url);
    return { paymentId, report: false, ok: false, message: checkout.message, errors: checkout.errors };
  }
  if (typed("intent") === "report") {
    const reported = await runCommand(
      context,
      reportProblemSchema,
      { kind: typed("kind"), details: typed("details") },
      ({ db, jobs, viewer }, input) => reportProblem(db, jobs, viewer, params.number, input),
    );
    return reported.ok
      ? { paymentId: 0, report: true, ok: true, message: "Problem reported", errors: {} as Record<string, string[]> }
      : { paymentId: 0, report: true, ok: false, message: reported.message, errors: reported.errors };
  }
  const result =
    typed("intent") === "refund"
      ? await runCommand(
          context,
          recordRefundSchema,
          { amount_cents: centsOfDollars(typed("amount")) ?? -1, method: typed("method"), paid_on: typed("paid_on") },
          ({ db, jobs, viewer }, input) => recordRefund(db, jobs, viewer, paymentId, input),
        )
      : await runCommand(
          context,
          recordPaymentSchema,
          { method: typed("method"), paid_on: typed("paid_on"), note: typed("note") },
          ({ db, jobs, viewer }, input) => recordPayment(db, jobs, viewer, paymentId, input),
        );
  return result.ok
    ? { paymentId, report: false, ok: true, message: result.data.message, errors: {} as Record<string, string[]> }
    : { paymentId, report: false, ok: false, message: result.message, errors: result.errors };
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  return <BookingView data={loaderData} actionData={actionData} />;
}
