import { useState, type ReactNode } from "react";
import { fieldMessagesText } from "#domain/api-error";
import { useForm } from "react-hook-form";
import type { ProfileTestimonial } from "#modules/acts/act-profile";
import { LIMITS } from "#domain/limits";
import { testimonialSchema } from "../testimonial-schemas";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FormActions, TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { schemaResolver } from "#ui/lib/forms";
import { useAction } from "#ui/lib/use-action";

interface Values {
  name: string;
  organization: string;
  org_position: string;
  content: string;
}

/** Add/Edit Testimonial: one form, the shared schema, the spec's messages. */
export function TestimonialDialog({
  actUrl,
  testimonial,
  trigger,
}: {
  actUrl: string;
  testimonial?: ProfileTestimonial;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAction();
  const defaults: Values = {
    name: testimonial?.name ?? "",
    organization: testimonial?.organization ?? "",
    org_position: testimonial?.org_position ?? "",
    content: testimonial?.content ?? "",
  };
  const form = useForm<Values>({ resolver: schemaResolver<Values>(testimonialSchema), defaultValues: defaults });
  const error = (field: keyof Values) =>
    form.formState.errors[field]?.message ? [String(form.formState.errors[field]?.message)] : undefined;
  const submit = form.handleSubmit(async (values) => {
    const result = await run(() =>
      outcome(
        testimonial
          ? api.POST("/testimonials/edit-testimonial/{id}", { params: { path: { id: testimonial.id } }, body: values })
          : api.POST("/testimonials/add-testimonial/{actUrl}", { params: { path: { actUrl } }, body: values }),
      ),
    );
    if (result.ok) {
      setOpen(false);
      if (!testimonial) form.reset(defaults);
    } else
      for (const [field, texts] of Object.entries(result.error?.errors ?? {}))
        form.setError(field as keyof Values, { message: fieldMessagesText(texts) });
  });
  return (
    <Dialog
      title={testimonial ? "Edit Testimonial" : "Add Testimonial"}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(defaults);
      }}
      trigger={trigger}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" {...form.register("name")} errors={error("name")} />
        <TextField label="Organization" {...form.register("organization")} errors={error("organization")} />
        <TextField label="Position" {...form.register("org_position")} errors={error("org_position")} />
        <TextAreaField
          label="Testimonial"
          {...form.register("content")}
          max={LIMITS.testimonialContent}
          length={form.watch("content")?.length ?? 0}
          errors={error("content")}
        />
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
