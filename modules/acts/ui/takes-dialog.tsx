import { useState } from "react";
import { type FieldErrors, fieldErrorsFromIssues, fieldMessagesText } from "#domain/api-error";
import { MESSAGES } from "#domain/messages";
import { centsOfDollars } from "#domain/prices";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors as FieldErrorText, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { TextField } from "#ui/text-field";
import { type Takes, WEEKDAY_NAMES, takesLine, takesSchema } from "../takes";

/** Monday first, as people read a week; the numbers stay Sunday-first (0). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * What the act takes, as its artist sets it: the event types it plays, its least budget, how far
 * it goes and the days it works. Planners read it before they ask; a lead outside is still
 * delivered, marked with the reasons.
 */
export function TakesSection({
  act,
  eventTypes,
}: {
  act: { url: string; name: string; takes: Takes | null };
  eventTypes: string[];
}) {
  const [open, setOpen] = useState(false);
  const [types, setTypes] = useState<string[]>(act.takes?.event_types ?? []);
  const [budget, setBudget] = useState(act.takes?.min_budget_cents ? String(act.takes.min_budget_cents / 100) : "");
  const [miles, setMiles] = useState(act.takes?.max_miles ? String(act.takes.max_miles) : "");
  const [days, setDays] = useState<number[]>(act.takes?.weekdays ?? []);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending } = useAction();
  const toggle = <T,>(list: T[], value: T) =>
    list.includes(value) ? list.filter((each) => each !== value) : [...list, value];

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const budgetCents = budget.trim() === "" ? null : centsOfDollars(budget);
    if (budgetCents !== null && Number.isNaN(budgetCents))
      return setErrors({ min_budget_cents: [MESSAGES.minBudgetWhole] });
    const checked = takesSchema.safeParse({
      event_types: types,
      min_budget_cents: budgetCents,
      max_miles: miles.trim() === "" ? null : Number(miles),
      weekdays: days,
    });
    if (!checked.success) return setErrors(fieldErrorsFromIssues(checked.error.issues));
    const result = await run(() =>
      outcome(
        api.POST("/acts/{actUrl}/lead-preferences", { params: { path: { actUrl: act.url } }, body: checked.data }),
      ),
    );
    if (result.ok) {
      setErrors({});
      setOpen(false);
    } else if (result.error?.errors) setErrors(result.error.errors);
  }

  const allErrors = Object.values(errors).flat();
  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold">What {act.name} takes</h3>
      <p className="mt-1 text-gray-800">
        {act.takes ? takesLine(act.takes) : "Not said: every request looks like a fit."}
      </p>
      <div className="mt-2">
        <Dialog
          title={`What ${act.name} takes`}
          description="Planners see it before they ask. A request outside it is still sent to you, marked with the reasons on both sides."
          open={open}
          onOpenChange={setOpen}
          trigger={
            <Button variant="secondary">
              {act.takes ? "Change what you take" : "Say what you take"}
              <span className="sr-only"> for {act.name}</span>
            </Button>
          }
        >
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <fieldset>
              <legend className="text-sm font-medium text-gray-800">Event types (none for every type)</legend>
              <div className="mt-1 grid grid-cols-2 gap-1">
                {eventTypes.map((name) => (
                  <label key={name} className="flex items-center gap-2 py-1">
                    <input
                      type="checkbox"
                      checked={types.includes(name)}
                      onChange={() => setTypes(toggle(types, name))}
                    />
                    {name}
                  </label>
                ))}
              </div>
              <FieldErrorText errors={errors.event_types} />
            </fieldset>
            <TextField
              label="Least budget (US dollars, optional)"
              name="min_budget"
              inputMode="decimal"
              value={budget}
              onChange={(event) => setBudget(event.target.value)}
              errors={errors.min_budget_cents}
            />
            <TextField
              label="How far you travel (miles, optional)"
              name="max_miles"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              hint="From the nearest of your locations, as the crow flies."
              value={miles}
              onChange={(event) => setMiles(event.target.value)}
              errors={errors.max_miles}
            />
            <fieldset>
              <legend className="text-sm font-medium text-gray-800">Days you work (none for every day)</legend>
              <div className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
                {WEEK_ORDER.map((day) => (
                  <label key={day} className="flex items-center gap-2 py-1">
                    <input type="checkbox" checked={days.includes(day)} onChange={() => setDays(toggle(days, day))} />
                    {WEEKDAY_NAMES[day]}
                  </label>
                ))}
              </div>
              <FieldErrorText errors={errors.weekdays} />
            </fieldset>
            {allErrors.length > 0 && (
              <p className="sr-only" role="alert">
                {fieldMessagesText(allErrors)}
              </p>
            )}
            <FormActions>
              <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={pending}>
                Save what you take
              </Button>
            </FormActions>
          </form>
        </Dialog>
      </div>
    </div>
  );
}
