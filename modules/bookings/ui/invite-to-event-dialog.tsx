import { useEffect, useId, useState } from "react";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { MESSAGES } from "#domain/messages";
import { inviteSchema } from "../schemas";
import { type MisfitReason, type Takes, misfitWords } from "#modules/acts/takes";
import { Button } from "#ui/button";
import { Dialog } from "#ui/dialog";
import { FieldErrors, FormActions } from "#ui/form-fields";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

interface InvitableEvent {
  url: string;
  name: string;
  short_starttime: string;
  fits: boolean;
  misfits: MisfitReason[];
}

/** Invite To Event: a new event (the add-event page) or an existing one found by name. */
export function InviteToEventDialog({
  actUrl,
  actName,
  compact = false,
  invited: invitedBefore = false,
  takes = null,
}: {
  actUrl: string;
  actName: string;
  /** A short button naming the act, for lists of acts. */
  compact?: boolean;
  /** Already invited to one of the planner's upcoming events: the short button says so. */
  invited?: boolean;
  /** What the act takes: an event outside it says why before the planner sends anything. */
  takes?: Takes | null;
}) {
  const [open, setOpen] = useState(false);
  const [invited, setInvited] = useState(invitedBefore);
  const [source, setSource] = useState<"new" | "existing">("existing");
  const [search, setSearch] = useState("");
  const [events, setEvents] = useState<InvitableEvent[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [error, setError] = useState<string[] | undefined>();
  const { run, pending } = useAction();
  const searchId = useId();

  useEffect(() => {
    if (!open || source !== "existing") return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await outcome(
        api.GET("/events/events-to-invite/{actUrl}", { params: { path: { actUrl }, query: { searchTerms: search } } }),
      );
      if (current) setEvents(result.ok ? result.data : []);
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, source, search, actUrl]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = inviteSchema.safeParse({ event: chosen });
    if (!parsed.success) return setError([MESSAGES.eventRequired]);
    const result = await run(() =>
      outcome(api.POST("/acts/invite-to-event/{actUrl}", { params: { path: { actUrl } }, body: parsed.data })),
    );
    if (result.ok) {
      setOpen(false);
      setChosen("");
      setInvited(true);
    } else setError(result.error?.errors?.event);
  }

  return (
    <Dialog
      title="Invite To Event"
      description={`Invite ${actName} to one of your events.`}
      open={open}
      onOpenChange={setOpen}
      trigger={compact ? <CompactTrigger actName={actName} invited={invited} /> : <Button>Invite To Event</Button>}
    >
      <fieldset>
        <legend className="sr-only">Which event</legend>
        <div className="flex gap-4">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="event-source"
              checked={source === "existing"}
              onChange={() => setSource("existing")}
            />{" "}
            An existing event
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="event-source" checked={source === "new"} onChange={() => setSource("new")} /> A
            new event
          </label>
        </div>
      </fieldset>
      {source === "new" ? (
        <p className="mt-4">
          <Link
            to={`/events/add-event?actUrl=${encodeURIComponent(actUrl)}`}
            className="inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Create a new event
          </Link>
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-4">
          <label htmlFor={searchId} className="block text-sm font-medium text-gray-800">
            Search your events by name
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
          />
          <fieldset className="mt-3 max-h-60 overflow-y-auto" aria-describedby={error ? "invite-error" : undefined}>
            <legend className="text-sm font-medium text-gray-800">Event</legend>
            {events === null ? null : events.length === 0 ? (
              <p className="text-sm text-gray-700">{MESSAGES.noEvents}</p>
            ) : (
              events.map((item) => (
                <label key={item.url} className="flex items-center gap-2 py-1">
                  <input
                    type="radio"
                    name="event"
                    value={item.url}
                    checked={chosen === item.url}
                    onChange={() => {
                      setChosen(item.url);
                      setError(undefined);
                    }}
                  />
                  <span>
                    {item.name} <span className="text-sm text-gray-700">({item.short_starttime})</span>
                    {!item.fits && (
                      <span className="block text-sm text-amber-900">
                        Outside what {actName} takes:{" "}
                        {item.misfits.map((reason) => misfitWords(reason, takes)).join("; ")}. You may still ask.
                      </span>
                    )}
                  </span>
                </label>
              ))
            )}
          </fieldset>
          <FieldErrors id="invite-error" errors={error} />
          <FormActions>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Invite
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}

/** "Invite" on a result card, or "Invited" once the act has an invite, which may go to another event too. */
function CompactTrigger({ actName, invited, ...trigger }: { actName: string; invited: boolean }) {
  return invited ? (
    <Button {...trigger} variant="secondary" aria-label={`Invited: invite ${actName} to another event`}>
      <Check aria-hidden className="mr-1 inline h-4 w-4" />
      Invited
    </Button>
  ) : (
    <Button {...trigger} aria-label={`Invite ${actName}`}>
      Invite
    </Button>
  );
}
