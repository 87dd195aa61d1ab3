import { useState } from "react";
import type { CalendarSubscription } from "../availability";
import { subscribeCalendarSchema } from "../availability";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { LocalTime } from "#ui/local-time";
import { Section } from "#ui/section";
import { TextField } from "#ui/text-field";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";

/** The calendars an act subscribed to: add one by its address, see when each was read and why it failed, remove it. */
export function Subscriptions({ actUrl, calendars }: { actUrl: string; calendars: CalendarSubscription[] }) {
  const [url, setUrl] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();
  async function subscribe(event: React.FormEvent) {
    event.preventDefault();
    const parsed = subscribeCalendarSchema.safeParse({ url });
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    setErrors({});
    const result = await run(() =>
      outcome(api.POST("/availability/calendars/{actUrl}", { params: { path: { actUrl } }, body: parsed.data })),
    );
    if (result.ok) setUrl("");
    else if (result.error?.errors) setErrors(result.error.errors);
  }
  return (
    <Section id="subscriptions" title="Your other calendars">
      <p className="text-sm text-gray-700">
        Paste the private iCalendar address of your Google, iCloud or Outlook calendar. Its events mark your days as
        busy (free and cancelled events do not), so planners do not ask for them. We read it now and every 30 minutes.
      </p>
      <form
        onSubmit={subscribe}
        noValidate
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
        aria-label="Add a calendar"
      >
        <div className="grow">
          <TextField
            label="Calendar address"
            name="url"
            type="url"
            inputMode="url"
            placeholder="webcal://… or https://….ics"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            errors={errors.url}
            hint="Google: Settings → your calendar → Secret address in iCal format. iCloud: Share → Public calendar. Outlook: Settings → Shared calendars → Publish."
          />
        </div>
        <Button type="submit" disabled={pending} className="sm:mb-[1.6rem]">
          Add calendar
        </Button>
      </form>
      {calendars.length > 0 && (
        <ul className="mt-4 flex flex-col gap-3" aria-label="Subscribed calendars">
          {calendars.map((calendar) => (
            <li key={calendar.id} className="rounded-md border border-gray-200 p-3 text-sm">
              <p className="break-all font-medium">{calendar.url}</p>
              <p className="mt-1 text-gray-700">
                {calendar.last_read_at ? (
                  <>
                    Read <LocalTime instant={calendar.last_read_at} /> · {calendar.busy_days} busy{" "}
                    {calendar.busy_days === 1 ? "day" : "days"} ahead
                  </>
                ) : (
                  "Not read yet"
                )}
              </p>
              {calendar.error && (
                <p className="mt-1 text-red-800">
                  <strong>
                    Last read failed
                    {calendar.last_tried_at ? (
                      <>
                        {" "}
                        (<LocalTime instant={calendar.last_tried_at} />)
                      </>
                    ) : null}
                    :{" "}
                  </strong>
                  {calendar.error}. We keep the busy days of the last good read.
                </p>
              )}
              <div className="mt-2">
                <ConfirmDialog
                  title="Stop reading this calendar?"
                  confirmLabel="Remove calendar"
                  body={<p>Its busy days are freed unless something else takes them.</p>}
                  trigger={
                    <Button variant="secondary" className="px-3 py-1" disabled={pending}>
                      Remove<span className="sr-only"> {calendar.url}</span>
                    </Button>
                  }
                  onConfirm={() =>
                    run(() =>
                      outcome(
                        api.POST("/availability/calendars/remove/{id}", { params: { path: { id: calendar.id } } }),
                      ),
                    )
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The act's own feed: an address to add to a phone's calendar, and a way to replace it if it leaked. */
export function FeedAddress({ actUrl, feedUrl }: { actUrl: string; feedUrl: string }) {
  const { run, pending } = useAction();
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard?.writeText(feedUrl);
    setCopied(true);
  }
  return (
    <Section id="feed" title="Your bookings in your own calendar">
      <p className="text-sm text-gray-700">
        Subscribe to this private address in your phone's or computer's calendar to see your bookings and blocked days
        there. Anyone with the address can read them: keep it to yourself.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <TextField
            label="Your calendar feed"
            name="feed"
            readOnly
            value={feedUrl}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy address"}
        </Button>
        <ConfirmDialog
          title="Replace the address?"
          confirmLabel="Replace address"
          body={
            <p>
              The current address stops working at once: calendars subscribed to it stop updating until you add the new
              one.
            </p>
          }
          trigger={
            <Button variant="secondary" disabled={pending}>
              Replace address
            </Button>
          }
          onConfirm={() =>
            run(() => outcome(api.POST("/availability/feed/rotate/{actUrl}", { params: { path: { actUrl } } })))
          }
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? "Address copied" : ""}
      </p>
    </Section>
  );
}
