import { useEffect, useState, type ReactNode } from "react";
import { fieldMessagesText } from "#domain/api-error";
import { useForm } from "react-hook-form";
import type { ActProfile, ProfilePackage } from "#modules/acts/act-profile";
import { LIMITS } from "#domain/limits";
import { dollarsOfCents } from "#domain/prices";
import {
  INSTANT_FORM_FIELDS,
  type OfferingFormInput,
  offeringFormSchema,
  offeringInputOfForm,
} from "../offering-schemas";
import { BOOK_INSTANTLY } from "../instant";
import {
  CANCELLATION_POLICIES,
  type CancellationPolicy,
  DEFAULT_CANCELLATION_POLICY,
  POLICY_WORDS,
} from "#modules/bookings/money";
import type { Tag } from "#domain/tags";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions, TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { schemaResolver } from "#ui/lib/forms";
import { useAction } from "#ui/lib/use-action";

type Values = OfferingFormInput;

/** The API names the prices in cents; the form shows them in dollars. */
const FIELD_OF_API: Record<string, keyof Values> = {
  price_from_cents: "price_from",
  price_to_cents: "price_to",
  ...Object.fromEntries(Object.entries(INSTANT_FORM_FIELDS).map(([api, field]) => [`instant.${api}`, field])),
};

/** Add/Edit Offering, listing the act's Event Type tags (or every one, if the act has none yet). */
export function OfferingDialog({
  act,
  offering,
  trigger,
}: {
  act: ActProfile;
  offering?: ProfilePackage;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Tag[]>(act.eventTypes);
  const { run, pending } = useAction();
  const defaults: Values = {
    title: offering?.title ?? "",
    description: offering?.description ?? "",
    eventTypes: offering?.eventTypes.map((tag) => tag.id) ?? [],
    price_from: dollarsOfCents(offering?.price_from_cents ?? null),
    price_to: dollarsOfCents(offering?.price_to_cents ?? null),
    instant: Boolean(offering?.instant),
    instant_price: dollarsOfCents(offering?.instant?.price_cents ?? null),
    instant_deposit: dollarsOfCents(offering?.instant?.deposit_cents ?? null),
    instant_policy: offering?.instant?.cancellation_policy ?? DEFAULT_CANCELLATION_POLICY,
    instant_terms: offering?.instant?.terms ?? "",
  };
  const form = useForm<Values>({ resolver: schemaResolver<Values>(offeringFormSchema), defaultValues: defaults });
  const error = (field: keyof Values) =>
    form.formState.errors[field]?.message ? [String(form.formState.errors[field]?.message)] : undefined;
  const selected = form.watch("eventTypes");
  const instant = form.watch("instant");
  const policy = form.watch("instant_policy") as CancellationPolicy;

  useEffect(() => {
    if (!open || act.eventTypes.length) return;
    void outcome(api.GET("/tags")).then(
      (result) => result.ok && setChoices(result.data.filter((tag) => tag.type === "Event Type")),
    );
  }, [open, act.eventTypes.length]);

  const submit = form.handleSubmit(async (values) => {
    const body = offeringInputOfForm(values);
    const result = await run(() =>
      outcome(
        offering
          ? api.POST("/packages/edit-package/{actUrl}/{packageId}", {
              params: { path: { actUrl: act.url, packageId: offering.id } },
              body,
            })
          : api.POST("/packages/create/{actUrl}", { params: { path: { actUrl: act.url } }, body }),
      ),
    );
    if (result.ok) setOpen(false);
    else
      for (const [field, texts] of Object.entries(result.error?.errors ?? {}))
        form.setError(FIELD_OF_API[field] ?? (field as keyof Values), { message: fieldMessagesText(texts) });
  });
  const toggle = (id: number) =>
    form.setValue("eventTypes", selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id], {
      shouldValidate: form.formState.isSubmitted,
    });

  return (
    <Dialog
      title={offering ? "Edit Offering" : "Add Offering"}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(defaults);
      }}
      trigger={trigger}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Title" {...form.register("title")} errors={error("title")} />
        <TextAreaField
          label="Description"
          {...form.register("description")}
          max={LIMITS.offeringDescription}
          length={form.watch("description")?.length ?? 0}
          errors={error("description")}
        />
        <fieldset aria-describedby="price-hint">
          <legend className="text-sm font-medium text-gray-800">Price range (US dollars)</legend>
          <p id="price-hint" className="text-xs text-gray-700">
            What this offering usually costs. Planners see the lowest as your “From” price; leave both empty to show
            none.
          </p>
          <div className="mt-1 grid grid-cols-2 gap-3">
            <TextField
              label="From"
              inputMode="decimal"
              autoComplete="off"
              {...form.register("price_from")}
              errors={error("price_from")}
            />
            <TextField
              label="To (optional)"
              inputMode="decimal"
              autoComplete="off"
              {...form.register("price_to")}
              errors={error("price_to")}
            />
          </div>
        </fieldset>
        <fieldset aria-describedby={error("eventTypes") ? "event-types-error" : undefined}>
          <legend className="text-sm font-medium text-gray-800">Event Types</legend>
          <div className="mt-1 grid grid-cols-2 gap-1">
            {choices.map((tag) => (
              <label key={tag.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={selected.includes(tag.id)} onChange={() => toggle(tag.id)} /> {tag.name}
              </label>
            ))}
          </div>
          <FieldErrors id="event-types-error" errors={error("eventTypes")} />
        </fieldset>
        <fieldset aria-describedby="instant-hint" className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-gray-800">{BOOK_INSTANTLY}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" {...form.register("instant")} />
            <span id="instant-hint">
              Planners may book this offering at once on a free day, at a fixed price (your travel price is added for
              their place), without waiting for a quote. Saving these terms signs every booking made from them.
            </span>
          </label>
          {instant && (
            <>
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label="Instant price (US dollars)"
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register("instant_price")}
                  errors={error("instant_price")}
                />
                <TextField
                  label="Deposit (US dollars, optional)"
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register("instant_deposit")}
                  errors={error("instant_deposit")}
                />
              </div>
              <label className="flex flex-col gap-1 text-sm font-medium">
                Cancellation policy
                <select
                  {...form.register("instant_policy")}
                  className="rounded-md border border-gray-300 px-3 py-2"
                  aria-describedby="instant-policy-rule"
                >
                  {CANCELLATION_POLICIES.map((name) => (
                    <option key={name} value={name}>
                      {POLICY_WORDS[name].name}
                    </option>
                  ))}
                </select>
                <span id="instant-policy-rule" className="text-xs font-normal text-gray-700">
                  {POLICY_WORDS[policy]?.rule} If you cancel, everything paid comes back.
                </span>
              </label>
              <FieldErrors errors={error("instant_policy")} />
              <TextAreaField
                label="Cancellation terms (optional)"
                rows={2}
                {...form.register("instant_terms")}
                max={LIMITS.offerTerms}
                length={form.watch("instant_terms")?.length ?? 0}
                errors={error("instant_terms")}
              />
            </>
          )}
        </fieldset>
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Save
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
