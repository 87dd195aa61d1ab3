import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { LIMITS } from "#domain/limits";
import { startConversationSchema } from "../schemas";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";

type Thread = { id: number; event: { url: string; name: string } | null };

/**
 * Message: a planner writes to the act. The first message opens the conversation; after that it
 * continues the one they have (about an event or not), or, with several, the one they choose,
 * never a second beside a quote request. The planner lands in it.
 */
export function MessageActDialog({
  actUrl,
  actName,
  threads = [],
}: {
  actUrl: string;
  actName: string;
  threads?: Thread[];
}) {
  const [open, setOpen] = useState(false);
  const [about, setAbout] = useState(String(threads[0]?.id ?? ""));
  const [body, setBody] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();
  const fieldId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const chosen = threads.find((thread) => String(thread.id) === about);
    const parsed = startConversationSchema.safeParse({
      body,
      ...(threads.length > 1 && chosen?.event ? { event_url: chosen.event.url } : {}),
    });
    if (!parsed.success) return setError(parsed.error.issues.map((issue) => issue.message));
    setPending(true);
    const result = await outcome(
      api.POST("/conversations/start/{actUrl}", { params: { path: { actUrl } }, body: parsed.data }),
    );
    setPending(false);
    if (result.ok) {
      setOpen(false);
      setBody("");
      void navigate(`/messages/${result.data.id}`);
    } else
      setError(
        result.error?.errors?.body ?? [result.error?.message ?? "Could not send the message. Please try again."],
      );
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
        {threads.length === 1 && (
          <p className="mb-3 text-sm text-gray-700">
            This continues your conversation{threads[0]!.event ? ` about ${threads[0]!.event.name}` : ""}.{" "}
            <Link to={`/messages/${threads[0]!.id}`} className="text-brand-800 underline">
              Open the conversation
            </Link>
          </p>
        )}
        {threads.length > 1 && (
          <div className="mb-3 flex flex-col gap-1">
            <label htmlFor={`${fieldId}-about`} className="text-sm font-medium text-gray-800">
              About
            </label>
            <select
              id={`${fieldId}-about`}
              value={about}
              onChange={(event) => setAbout(event.target.value)}
              className="rounded-md border border-gray-300 px-3 py-2"
            >
              {threads.map((thread) => (
                <option key={thread.id} value={thread.id}>
                  {thread.event ? thread.event.name : "No particular event"}
                </option>
              ))}
            </select>
          </div>
        )}
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
