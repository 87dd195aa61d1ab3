import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import type { ActProfile, ProfilePackage } from "../../../domain/act-profile";
import { LIMITS } from "../../../domain/limits";
import { offeringSchema } from "../../../domain/schemas/offering";
import type { Tag } from "../../../domain/tags";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FieldErrors, FormActions, TextAreaField } from "../../components/ui/form-fields";
import { TextField } from "../../components/ui/text-field";
import { api, outcome } from "../../lib/api-client";
import { schemaResolver } from "../../lib/forms";
import { useAction } from "../../lib/use-action";

interface Values {
  title: string;
  description: string;
  eventTypes: number[];
}

/** Add/Edit Offering, listing the act's Event Type tags (or every one, if the act has none yet). */
export function OfferingDialog({ act, offering, trigger }: { act: ActProfile; offering?: ProfilePackage; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Tag[]>(act.eventTypes);
  const { run, pending } = useAction();
  const defaults: Values = { title: offering?.title ?? "", description: offering?.description ?? "", eventTypes: offering?.eventTypes.map((tag) => tag.id) ?? [] };
  const form = useForm<Values>({ resolver: schemaResolver<Values>(offeringSchema), defaultValues: defaults });
  const error = (field: keyof Values) => (form.formState.errors[field]?.message ? [String(form.formState.errors[field]?.message)] : undefined);
  const selected = form.watch("eventTypes");

  useEffect(() => {
    if (!open || act.eventTypes.length) return;
    void outcome(api.GET("/tags")).then((result) => result.ok && setChoices(result.data.filter((tag) => tag.type === "Event Type")));
  }, [open, act.eventTypes.length]);

  const submit = form.handleSubmit(async (values) => {
    const result = await run(() =>
      outcome(
        offering
          ? api.POST("/packages/edit-package/{actUrl}/{packageId}", { params: { path: { actUrl: act.url, packageId: offering.id } }, body: values })
          : api.POST("/packages/create/{actUrl}", { params: { path: { actUrl: act.url } }, body: values }),
      ),
    );
    if (result.ok) setOpen(false);
    else for (const [field, texts] of Object.entries(result.error?.errors ?? {})) form.setError(field as keyof Values, { message: texts.join(" ") });
  });
  const toggle = (id: number) =>
    form.setValue("eventTypes", selected.includes(id) ? selected.filter((item) => item !== id) : [...selected, id], { shouldValidate: form.formState.isSubmitted });

  return (
    <Dialog title={offering ? "Edit Offering" : "Add Offering"} open={open} onOpenChange={(next) => { setOpen(next); if (next) form.reset(defaults); }} trigger={trigger}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Title" {...form.register("title")} errors={error("title")} />
        <TextAreaField label="Description" {...form.register("description")} max={LIMITS.offeringDescription} length={form.watch("description")?.length ?? 0} errors={error("description")} />
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
