import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { LIMITS } from "../../../domain/limits";
import { startConversationSchema } from "../../../domain/schemas/conversations";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { FieldErrors, FormActions } from "../../components/ui/form-fields";
import { api, outcome } from "../../lib/api-client";

/**
 * Message: a planner writes to the act before or without an event; the first message opens the
 * conversation (or adds to the one they already have), and the planner lands in it.
 */
export function MessageActDialog({ actUrl, actName }: { actUrl: string; actName: string }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const fieldId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = startConversationSchema.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues.map((issue) => issue.message));
    setPending(true);
    const result = await outcome(api.POST("/conversations/start/{actUrl}", { params: { path: { actUrl } }, body: parsed.data }));
    setPending(false);
    if (result.ok) {
      setOpen(false);
      setBody("");
      void navigate(`/messages/${result.data.id}`);
    } else setError(result.error?.errors?.body ?? [result.error?.message ?? "Could not send the message. Please try again."]);
  }

  return (
    <Dialog
      title={`Message ${actName}`}
      description="Ask about dates, sets or prices. The act answers in your messages."
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="secondary">Message</Button>}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="block text-sm font-medium text-gray-800">
          Your message
        </label>
        <textarea
          id={fieldId}
          value={body}
          maxLength={LIMITS.messageBody}
          rows={5}
          onChange={(event) => {
            setBody(event.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
        />
        <FieldErrors id={`${fieldId}-error`} errors={error} />
        <FormActions>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            Send
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
