import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { fieldMessagesText } from "#domain/api-error";
import type { ActionResult } from "./lib/api-client";
import { useAction } from "./lib/use-action";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormActions, TextAreaField } from "./form-fields";

type TextAreaDialogProps = {
  title: string;
  description: string;
  trigger: ReactNode;
  label: string;
  max: number;
  /** The field's rule from the shared schema: the dialog says the server's messages before sending. */
  rule: z.ZodType<string | null | undefined, string | null | undefined>;
  submitLabel: string;
  danger?: boolean;
  /** Sends the text; a refusal's messages are read from `errors[field]` of the answer. */
  send: (text: string) => Promise<ActionResult<{ message?: string }>>;
  field: string;
  /** The spec's rule for confirmed destructive actions: their failures are not shown. */
  quietFailure?: boolean;
  /** The text the form starts from: an answer being changed. */
  initial?: string;
};

/** A dialog whose whole form is one text: a reason, an answer. */
export function TextAreaDialog({
  title,
  description,
  trigger,
  label,
  max,
  rule,
  submitLabel,
  danger = false,
  send,
  field,
  quietFailure = false,
  initial = "",
}: TextAreaDialogProps) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAction();
  const form = useForm<{ text: string | null | undefined }>({
    resolver: zodResolver(z.object({ text: rule })),
    defaultValues: { text: initial },
  });
  const text = form.watch("text") ?? "";
  const submit = form.handleSubmit(async (values) => {
    const result = await run(() => send(values.text ?? ""), { quietFailure });
    if (result.ok) {
      setOpen(false);
      form.reset();
    } else {
      const messages = result.error?.errors?.[field];
      if (messages) form.setError("text", { message: fieldMessagesText(messages) });
    }
  });
  return (
    <Dialog title={title} description={description} open={open} onOpenChange={setOpen} trigger={trigger}>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label={label}
          {...form.register("text")}
          max={max}
          length={text.length}
          errors={form.formState.errors.text?.message ? [form.formState.errors.text.message] : undefined}
        />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
            {submitLabel}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
