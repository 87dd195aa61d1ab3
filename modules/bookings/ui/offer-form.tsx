import { MESSAGES } from "#domain/messages";
import { useState } from "react";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { centsOfDollars, dollarsOfCents, formatDollars } from "#domain/prices";
import type { QuoteTemplate } from "../answers";
import { offerSchema } from "../schemas";
import { CANCELLATION_POLICIES, type CancellationPolicy, DEFAULT_CANCELLATION_POLICY, POLICY_WORDS } from "../money";
import { Button } from "#ui/button";
import { FieldErrors, TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

/** The act's answer to an invite: a price, a deposit, the offer's last day, terms, a policy and words, sent to the API. */
export function OfferForm({
  inviteId,
  eventName,
  actName,
  travelCents = null,
  templates = [],
}: {
  inviteId: number;
  eventName: string;
  actName: string;
  /** What the act's travel price comes to for this event: a line the price must cover. */
  travelCents?: number | null;
  /** The act's saved quotes: choosing one fills the form, which stays the act's to change. */
  templates?: QuoteTemplate[];
}) {
  const [price, setPrice] = useState("");
  const [deposit, setDeposit] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const [message, setMessage] = useState("");
  const [terms, setTerms] = useState("");
  const [policy, setPolicy] = useState<CancellationPolicy>(DEFAULT_CANCELLATION_POLICY);
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();
  function fillFrom(id: string) {
    const template = templates.find((each) => String(each.id) === id);
    if (!template) return;
    setPrice(dollarsOfCents(template.price_cents));
    setDeposit(template.deposit_cents ? dollarsOfCents(template.deposit_cents) : "");
    setPolicy(template.cancellation_policy);
    setTerms(template.terms);
    setMessage(template.message);
    setErrors({});
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const priceCents = price.trim() === "" ? undefined : centsOfDollars(price);
    if (priceCents !== undefined && Number.isNaN(priceCents))
      return setErrors({ price_cents: [MESSAGES.priceWholeCents] });
    const depositCents = deposit.trim() === "" ? undefined : centsOfDollars(deposit);
    if (depositCents === null) return setErrors({ deposit_cents: ["Enter the deposit in dollars, such as 500"] });
    const parsed = offerSchema.safeParse({
      price_cents: priceCents ?? undefined,
      message,
      deposit_cents: depositCents,
      expires_on: expiresOn || undefined,
      terms,
      cancellation_policy: policy,
    });
    if (!parsed.success) {
      return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    }
    setErrors({});
    // An offer into a day that is not free is sent, and the warning stays on screen longer.
    const result = await run(
      () => outcome(api.POST("/offers/submit/{inviteId}", { params: { path: { inviteId } }, body: parsed.data })),
      {
        success: (data) => (data.warning ? `${data.message}. ${data.warning}.` : data.message),
      },
    );
    if (result.ok) {
      setPrice("");
      setDeposit("");
      setExpiresOn("");
      setMessage("");
      setTerms("");
      setPolicy(DEFAULT_CANCELLATION_POLICY);
    } else if (result.error?.errors) setErrors(result.error.errors);
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 grid gap-3 sm:grid-cols-3"
      aria-label={`Send an offer for ${eventName} from ${actName}`}
    >
      {templates.length > 0 && (
        <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-3">
          Fill from a quote template
          <select
            name="template"
            defaultValue=""
            onChange={(event) => fillFrom(event.target.value)}
            className="rounded-md border border-gray-300 px-3 py-2"
          >
            <option value="">Choose a template…</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name} ({formatDollars(template.price_cents)})
              </option>
            ))}
          </select>
        </label>
      )}
      <TextField
        label="Price (USD)"
        name="price"
        type="number"
        min={0}
        step="0.01"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        hint={
          travelCents
            ? `Include travel of ${formatDollars(travelCents)} to this event (your travel price): the planner sees it as a line of the price.`
            : undefined
        }
        errors={errors.price_cents ?? errors.price}
      />
      <TextField
        label="Deposit (USD, optional)"
        name="deposit"
        inputMode="decimal"
        value={deposit}
        onChange={(event) => setDeposit(event.target.value)}
        errors={errors.deposit_cents}
      />
      <TextField
        label="Open until (optional: a week)"
        name="expires_on"
        type="date"
        value={expiresOn}
        onChange={(event) => setExpiresOn(event.target.value)}
        errors={errors.expires_on}
      />
      <div className="sm:col-span-3">
        <TextAreaField
          label="Message"
          rows={2}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          errors={errors.message}
        />
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-3">
        Cancellation policy
        <select
          name="cancellation_policy"
          value={policy}
          onChange={(event) => setPolicy(event.target.value as CancellationPolicy)}
          className="rounded-md border border-gray-300 px-3 py-2"
          aria-describedby={`policy-rule-${inviteId}`}
        >
          {CANCELLATION_POLICIES.map((name) => (
            <option key={name} value={name}>
              {POLICY_WORDS[name].name}
            </option>
          ))}
        </select>
        <span id={`policy-rule-${inviteId}`} className="text-xs font-normal text-gray-700">
          {POLICY_WORDS[policy].rule} If you cancel, everything paid comes back.
        </span>
      </label>
      <FieldErrors errors={errors.cancellation_policy} />
      <div className="sm:col-span-3">
        <TextAreaField
          label="Cancellation terms (optional)"
          rows={2}
          value={terms}
          onChange={(event) => setTerms(event.target.value)}
          errors={errors.terms}
        />
      </div>
      <FieldErrors errors={errors._} />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={pending}>
          Send offer
        </Button>
      </div>
    </form>
  );
}
