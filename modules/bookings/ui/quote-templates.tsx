import { useState } from "react";
import { type FieldErrors as Errors, fieldErrorsFromIssues, fieldMessagesText } from "#domain/api-error";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { centsOfDollars, formatPrice } from "#domain/prices";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions, TextAreaField } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { TextField } from "#ui/text-field";
import type { QuoteTemplate } from "../answers";
import { CANCELLATION_POLICIES, type CancellationPolicy, DEFAULT_CANCELLATION_POLICY, POLICY_WORDS } from "../money";
import { quoteTemplateSchema } from "../schemas";

/** The act's saved quotes: each fills an offer form in a click; at most LIMITS.quoteTemplates. */
export function QuoteTemplates({ act, templates }: { act: { url: string; name: string }; templates: QuoteTemplate[] }) {
  const { run, pending } = useAction();
  return (
    <section aria-labelledby="templates-heading" className="rounded-lg bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="templates-heading" className="text-lg font-semibold">
          Quote templates ({templates.length} of {LIMITS.quoteTemplates})
        </h2>
        {templates.length < LIMITS.quoteTemplates && <NewTemplateDialog act={act} />}
      </div>
      {templates.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">
          No templates yet. Save your usual packages here, then fill an offer from one in a click.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {templates.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <strong>{template.name}</strong>: {formatPrice(template.price_cents)}
                {template.deposit_cents ? `, deposit ${formatPrice(template.deposit_cents)}` : ", no deposit"},{" "}
                {POLICY_WORDS[template.cancellation_policy].name.toLowerCase()} cancellation
              </span>
              <ConfirmDialog
                title={`Delete the template "${template.name}"?`}
                confirmLabel="Delete template"
                body={<p>Offers already sent from it stay as they are.</p>}
                trigger={
                  <Button variant="secondary" className="px-3 py-1" disabled={pending}>
                    Delete<span className="sr-only"> {template.name}</span>
                  </Button>
                }
                onConfirm={() =>
                  run(() =>
                    outcome(
                      api.POST("/acts/{actUrl}/quote-templates/{id}/delete", {
                        params: { path: { actUrl: act.url, id: template.id } },
                      }),
                    ),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewTemplateDialog({ act }: { act: { url: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [deposit, setDeposit] = useState("");
  const [policy, setPolicy] = useState<CancellationPolicy>(DEFAULT_CANCELLATION_POLICY);
  const [terms, setTerms] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const priceCents = centsOfDollars(price);
    const depositCents = deposit.trim() === "" ? 0 : centsOfDollars(deposit);
    if (priceCents === null || Number.isNaN(priceCents))
      return setErrors({ price_cents: [MESSAGES.offerPriceRequired] });
    if (depositCents === null || Number.isNaN(depositCents))
      return setErrors({ deposit_cents: ["Enter the deposit in dollars, such as 500"] });
    const parsed = quoteTemplateSchema.safeParse({
      name,
      price_cents: priceCents,
      deposit_cents: depositCents,
      cancellation_policy: policy,
      terms,
      message,
    });
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    const result = await run(() =>
      outcome(api.POST("/acts/{actUrl}/quote-templates", { params: { path: { actUrl: act.url } }, body: parsed.data })),
    );
    if (result.ok) {
      setErrors({});
      setOpen(false);
      setName("");
      setPrice("");
      setDeposit("");
      setTerms("");
      setMessage("");
    } else if (result.error?.errors) setErrors(result.error.errors);
  }

  const allErrors = Object.values(errors).flat();
  return (
    <Dialog
      title="New quote template"
      description={`A package ${act.name} quotes often: its price, deposit, policy, terms and a message.`}
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">New template</Button>}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          errors={errors.name}
        />
        <TextField
          label="Price (USD)"
          name="price"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          errors={errors.price_cents}
        />
        <TextField
          label="Deposit (USD, optional)"
          name="deposit"
          inputMode="decimal"
          value={deposit}
          onChange={(event) => setDeposit(event.target.value)}
          errors={errors.deposit_cents}
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Cancellation policy
          <select
            name="cancellation_policy"
            value={policy}
            onChange={(event) => setPolicy(event.target.value as CancellationPolicy)}
            className="rounded-md border border-gray-300 px-3 py-2"
          >
            {CANCELLATION_POLICIES.map((each) => (
              <option key={each} value={each}>
                {POLICY_WORDS[each].name}
              </option>
            ))}
          </select>
          <span className="text-xs font-normal text-gray-700">{POLICY_WORDS[policy].rule}</span>
        </label>
        <FieldErrors errors={errors.cancellation_policy} />
        <TextAreaField
          label="Cancellation terms (optional)"
          rows={2}
          value={terms}
          onChange={(event) => setTerms(event.target.value)}
          errors={errors.terms}
        />
        <TextAreaField
          label="Message to the planner (optional)"
          rows={2}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          errors={errors.message}
        />
        {allErrors.length > 0 && (
          <p className="sr-only" role="alert">
            {fieldMessagesText(allErrors)}
          </p>
        )}
        <FieldErrors errors={errors._} />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Save template
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
