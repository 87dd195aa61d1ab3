import { LIMITS } from "#domain/limits";
import { Button } from "#ui/button";
import { TextAreaDialog } from "#ui/text-area-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { refundWords } from "../money";
import { cancelBookingSchema } from "../schemas";

/**
 * Either side cancels a booking, having read what comes back and what is kept if it does so
 * today; the reason goes to the other side.
 */
export function CancelBookingDialog({
  number,
  eventName,
  quote,
}: {
  number: string;
  eventName: string;
  quote: { refund_cents: number; kept_cents: number };
}) {
  const money = refundWords(quote.refund_cents, quote.kept_cents);
  return (
    <TextAreaDialog
      title={`Cancel booking ${number}?`}
      description={`The booking for ${eventName} ends and the other side is told why. ${money}`}
      trigger={<Button variant="danger">Cancel booking</Button>}
      label="Why you cancel"
      max={LIMITS.cancelReason}
      rule={cancelBookingSchema.shape.reason}
      submitLabel="Cancel the booking"
      danger
      field="reason"
      send={(reason) =>
        outcome(api.POST("/bookings/{number}/cancel", { params: { path: { number } }, body: { reason } }))
      }
    />
  );
}
