import { useState } from "react";
import type { CancellationPolicy } from "../money";
import { BookingTermsList } from "./booking-terms-list";
import type { AcceptTerms } from "../bookings";
import { acceptOfferSchema } from "../schemas";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FormActions } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

interface AcceptOfferDialogProps {
  actName: string;
  event: { name: string; starttime: string; short_starttime: string };
  offer: {
    id: number;
    price_cents: number;
    /** The travel line of the price (part of it); absent on offers drawn before travel was priced. */
    travel_cents?: number;
    deposit_cents: number;
    terms: string | null;
    message: string | null;
    cancellation_policy: CancellationPolicy;
  };
  /** What accepting schedules and how it is paid, from the booking's own rules. */
  agreeing: AcceptTerms;
  /** The event's other acts still waiting on it, released when this one is booked unless the planner keeps them. */
  othersWaiting: string[];
}

/** The planner books an act: what they agree to, their phone on the day, and whether the other acts are let go. */
export function AcceptOfferDialog({ actName, event, offer, agreeing, othersWaiting }: AcceptOfferDialogProps) {
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [releaseOthers, setReleaseOthers] = useState(true);
  const [phoneErrors, setPhoneErrors] = useState<string[] | undefined>();
  const { run, pending } = useAction();
  async function accept(formEvent: React.FormEvent) {
    formEvent.preventDefault();
    const parsed = acceptOfferSchema.safeParse({ phone, release_others: releaseOthers });
    if (!parsed.success) {
      setPhoneErrors(parsed.error.issues.filter((issue) => issue.path[0] === "phone").map((issue) => issue.message));
      return;
    }
    setPhoneErrors(undefined);
    const result = await run(
      () =>
        outcome(api.POST("/offers/accept/{offerId}", { params: { path: { offerId: offer.id } }, body: parsed.data })),
      {
        success: (data) => `${data.message}. Your booking number is ${data.booking}.`,
        duration: 10_000,
      },
    );
    if (result.ok) setOpen(false);
    else if (result.error?.errors?.phone) setPhoneErrors(result.error.errors.phone);
  }
  return (
    <Dialog
      title={`Book ${actName}?`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button className="px-3 py-1" disabled={pending}>
          Accept offer<span className="sr-only"> from {actName}</span>
        </Button>
      }
    >
      <form onSubmit={accept} noValidate className="text-gray-800">
        <p>
          Accepting books {actName} for {event.name} on <time dateTime={event.starttime}>{event.short_starttime}</time>.
        </p>
        <BookingTermsList actName={actName} terms={offer} agreeing={agreeing} />
        <div className="mt-4">
          <TextField
            label="Your phone on the day (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(change) => setPhone(change.target.value)}
            errors={phoneErrors}
            hint={`Given to ${actName} with your booking, to reach you on the day.`}
          />
        </div>
        {othersWaiting.length > 0 && (
          <label className="mt-4 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={releaseOthers}
              onChange={(change) => setReleaseOthers(change.target.checked)}
            />
            <span>
              Release the other acts invited to {event.name} ({othersWaiting.join(", ")}): they are told the date is
              taken, and their offers are withdrawn. Untick it to book more than one act for this event.
            </span>
          </label>
        )}
        <p className="mt-3 text-sm text-gray-700">
          Accepting signs the booking agreement with these amounts, days and policy, and the marketplace's{" "}
          <a href="/terms" target="_blank" rel="noreferrer" className="text-brand-800 underline">
            terms
          </a>
          . {actName} is told at once, and you get the booking's number by email.
        </p>
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Accept and book
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
