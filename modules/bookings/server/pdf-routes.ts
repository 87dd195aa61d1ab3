import { decimalId } from "#domain/schemas/fields";
import { Hono } from "hono";
import type { AppEnv } from "#server/http/app-env";
import { notFound } from "#server/errors";
import { bookingDetail, keptBookingView } from "./booking-queries";
import { agreementPdf, receiptPdf, statementPdf } from "./booking-pdfs";
import { actStatement } from "./booking-queries";

function pdf(bytes: Buffer, name: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "private, no-store",
    },
  });
}

/** The PDFs' paths: each is an uncached render, counted toward a client's renders in progress. */
export const PDF_PATHS = [
  "/bookings/:number/agreement.pdf",
  "/bookings/:number/receipts/:file",
  "/acts/:actUrl/statement.pdf",
] as const;

/**
 * The agreement and receipts as PDFs, for the booking's two sides and admins (anyone else: 404),
 * and an act's statement for its manager and admins; a guest signs in first and comes back.
 */
export function bookingPdfRoutes() {
  return new Hono<AppEnv>()
    .get(PDF_PATHS[0], async (c) => {
      const viewer = c.get("viewer");
      if (!viewer) return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.path)}`);
      const { booking, agreement, acceptedFrom } = await keptBookingView(
        { db: c.get("db"), cache: c.get("readCache") },
        viewer,
        c.req.param("number"),
      );
      // The paper names who accepted and when; the address it was accepted from is for admins alone.
      const from = viewer.role === "ADMIN" ? acceptedFrom : null;
      return pdf(await agreementPdf(booking, agreement, from), `booking-${booking.number}-agreement.pdf`);
    })
    .get(PDF_PATHS[1], async (c) => {
      const viewer = c.get("viewer");
      if (!viewer) return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.path)}`);
      const id = decimalId(c.req.param("file").match(/^(\d{1,10})\.pdf$/)?.[1]);
      const booking = await bookingDetail(
        { db: c.get("db"), cache: c.get("readCache") },
        viewer,
        c.req.param("number"),
      );
      const payment = booking.payments.find((each) => each.id === id && each.status !== "due");
      if (!payment) throw notFound("No such receipt");
      return pdf(await receiptPdf(booking, payment), `booking-${booking.number}-receipt-${payment.id}.pdf`);
    })
    .get(PDF_PATHS[2], async (c) => {
      const viewer = c.get("viewer");
      if (!viewer) return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.path)}`);
      const { act, lines, today } = await actStatement(c.get("db"), viewer, c.req.param("actUrl"));
      return pdf(await statementPdf(act, lines, today), `${act.url}-statement.pdf`);
    });
}
