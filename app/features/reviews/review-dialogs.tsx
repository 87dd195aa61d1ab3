import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { fieldMessagesText } from "../../../domain/api-error";
import { LIMITS } from "../../../domain/limits";
import { reviewRemovalSchema, reviewReplySchema } from "../../../domain/schemas/review";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FormActions, TextAreaField } from "../../components/ui/form-fields";
import { api, outcome } from "../../lib/api-client";
import { useAction } from "../../lib/use-action";

/**
 * Opening a dialog from inside View All Reviews: that native modal closes first, or it would
 * keep the dialog (rendered outside it) inert.
 */
const leaveNativeDialog = (event: React.MouseEvent<HTMLElement>) => event.currentTarget.closest("dialog")?.close();

/** The act's artist answers a review, once and in public. */
export function AnswerReviewDialog({ reviewId, reviewTitle }: { reviewId: number; reviewTitle: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAction();
  const form = useForm({ resolver: zodResolver(reviewReplySchema), defaultValues: { body: "" } });
  const body = form.watch("body") ?? "";
  const submit = form.handleSubmit(async (values) => {
    const result = await run(() => outcome(api.POST("/entertainer-reviews/reply/{reviewId}", { params: { path: { reviewId } }, body: values })));
    if (result.ok) {
      setOpen(false);
      form.reset();
    } else if (result.error?.errors?.body) form.setError("body", { message: fieldMessagesText(result.error.errors.body) });
  });
  return (
    <Dialog
      title="Answer the review"
      description={`Your answer to “${reviewTitle}” is shown under it to everyone. You answer once; you may take it down and write it anew.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Answer<span className="sr-only"> the review “{reviewTitle}”</span>
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Your answer"
          {...form.register("body")}
          max={LIMITS.reviewReply}
          length={body.length}
          errors={form.formState.errors.body?.message ? [form.formState.errors.body.message] : undefined}
        />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Post answer
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

/** An admin removes a review, saying why: its reviewer and the act's artist are told. */
export function RemoveReviewDialog({ reviewId, reviewTitle }: { reviewId: number; reviewTitle: string }) {
  const [open, setOpen] = useState(false);
  const { run, pending } = useAction();
  const form = useForm({ resolver: zodResolver(reviewRemovalSchema), defaultValues: { reason: "" } });
  const reason = form.watch("reason") ?? "";
  const submit = form.handleSubmit(async (values) => {
    const result = await run(() => outcome(api.POST("/entertainer-reviews/delete-entertainer-review/{reviewId}", { params: { path: { reviewId } }, body: { reason: values.reason ?? null } })), {
      quietFailure: true,
    });
    if (result.ok) setOpen(false);
  });
  return (
    <Dialog
      title="Delete Review"
      description={`Delete the review “${reviewTitle}”? This cannot be undone. Its reviewer and the act are told, with your reason.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" className="mt-2 px-3 py-1" onClick={leaveNativeDialog}>
          Delete<span className="sr-only"> review “{reviewTitle}”</span>
        </Button>
      }
    >
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Reason"
          {...form.register("reason")}
          max={LIMITS.reviewReply}
          length={reason.length}
          errors={form.formState.errors.reason?.message ? [form.formState.errors.reason.message] : undefined}
        />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>
            Delete Review
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
