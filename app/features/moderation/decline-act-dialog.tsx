import { zodResolver } from "@hookform/resolvers/zod";
import { fieldMessagesText } from "../../../domain/api-error";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { LIMITS } from "../../../domain/limits";
import { setStatusSchema } from "../../../domain/schemas/moderation";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormActions, TextAreaField } from "../../components/ui/form-fields";
import { api, outcome } from "../../lib/api-client";
import { useAction } from "../../lib/use-action";

const declineForm = setStatusSchema.pick({ decline_reason: true });

export function DeclineActDialog({ actUrl, actName }: { actUrl: string; actName: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAction();
  const form = useForm({ resolver: zodResolver(declineForm), defaultValues: { decline_reason: "" } });
  const reason = form.watch("decline_reason") ?? "";
  const submit = form.handleSubmit(async ({ decline_reason }) => {
    const result = await run(() => outcome(api.POST("/acts/set-status/{actUrl}", { params: { path: { actUrl } }, body: { status: "declined", decline_reason } })));
    if (result.ok) {
      setOpen(false);
      form.reset();
    } else if (result.error?.errors?.decline_reason) {
      form.setError("decline_reason", { message: fieldMessagesText(result.error.errors.decline_reason) });
    }
  });
  return (
    <Dialog title="Decline Act" description={`${actName} will be told the reason, if you give one.`} open={open} onOpenChange={setOpen} trigger={<Button variant="danger">Decline</Button>}>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Reason (optional)"
          {...form.register("decline_reason")}
          max={LIMITS.declineReason}
          length={reason.length}
          errors={form.formState.errors.decline_reason?.message ? [form.formState.errors.decline_reason.message] : undefined}
        />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            Decline Act
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
