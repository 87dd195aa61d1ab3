import { useState } from "react";
import { type FieldErrors, fieldErrorsFromIssues, fieldMessagesText } from "#domain/api-error";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { TextField } from "#ui/text-field";
import { type Travel, travelSchema, travelTerms } from "../travel";

type Errors = FieldErrors;

/**
 * What the act charges to travel, as its artist sets it: the first miles free, then a price a
 * mile in dollars (sent as whole cents). Planners read it on the profile, on search cards near
 * a place and as a line of each offer's price.
 */
export function TravelSection({ act }: { act: { url: string; name: string; travel: Travel | null } }) {
  const [open, setOpen] = useState(false);
  const [freeMiles, setFreeMiles] = useState(String(act.travel?.free_miles ?? 0));
  const [dollars, setDollars] = useState(act.travel ? String(act.travel.cents_per_mile / 100) : "");
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body = { free_miles: Number(freeMiles), cents_per_mile: Math.round(Number(dollars) * 100) };
    // A figure with more than two decimals is not whole cents: say so rather than round it away.
    const cents = dollars.trim() === "" || !/^\d+(\.\d{1,2})?$/.test(dollars.trim()) ? Number.NaN : body.cents_per_mile;
    const checked = travelSchema.safeParse({ ...body, cents_per_mile: cents });
    if (!checked.success) {
      setErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    const result = await run(() =>
      outcome(api.POST("/acts/{actUrl}/travel", { params: { path: { actUrl: act.url } }, body: checked.data })),
    );
    if (result.ok) {
      setErrors({});
      setOpen(false);
    } else if (result.error?.errors) setErrors(result.error.errors);
  }

  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold">What {act.name} charges to travel</h3>
      <p className="mt-1 text-gray-800">
        {act.travel ? travelTerms(act.travel) : "Not set: offers carry no travel line."}
      </p>
      <div className="mt-2">
        <Dialog
          title={`Travel for ${act.name}`}
          description="From the nearest of your locations, as the crow flies. Offers add it as a line of their price; search cards near a place and your profile show it to planners."
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="secondary">
              {act.travel ? "Change travel" : "Set travel"}
              <span className="sr-only"> for {act.name}</span>
            </Button>
          }
        >
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <TextField
              label="Free miles"
              name="free_miles"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={freeMiles}
              onChange={(event) => setFreeMiles(event.target.value)}
              errors={errors.free_miles}
            />
            <TextField
              label="Price a mile beyond them (US dollars)"
              name="cents_per_mile"
              type="number"
              inputMode="decimal"
              min={0}
              max={10}
              step={0.01}
              hint="At most $10 a mile; 0 when travel is included."
              value={dollars}
              onChange={(event) => setDollars(event.target.value)}
              errors={errors.cents_per_mile}
            />
            {(errors.free_miles || errors.cents_per_mile) && (
              <p className="sr-only" role="alert">
                {fieldMessagesText([...(errors.free_miles ?? []), ...(errors.cents_per_mile ?? [])])}
              </p>
            )}
            <FormActions>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                Save travel
              </Button>
            </FormActions>
          </form>
        </Dialog>
      </div>
    </div>
  );
}
