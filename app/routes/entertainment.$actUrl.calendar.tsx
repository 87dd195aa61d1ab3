import { useState } from "react";
import { Link } from "react-router";
import { type FieldErrors as Errors, fieldErrorsFromIssues } from "#domain/api-error";
import { AVAILABILITY, blockDaysSchema } from "#modules/availability/availability";
import { formatDayRange, formatMonth } from "#domain/calendar-days";
import { Button } from "#ui/button";
import { FieldErrors } from "#ui/form-fields";
import { Section } from "#ui/section";
import { TextField } from "#ui/text-field";
import { FeedAddress, Subscriptions } from "#modules/availability/ui";
import { MonthGrid, StatusLegend } from "#modules/availability/ui";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/entertainment.$actUrl.calendar";
import { loadActCalendar } from "./entertainment.$actUrl.calendar.server";

export const handle: RouteHandle = { queryParams: ["month"] };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `${data.act.name}: calendar` : "Calendar" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadActCalendar(context, url, params.actUrl);
}

export default function ActCalendar({ loaderData }: Route.ComponentProps) {
  const { act, today, month, days, blocks, calendars, feedUrl } = loaderData;
  const [selection, setSelection] = useState<{ from: string; to: string } | null>(null);
  // A first pick chooses a day; a later day after it stretches the choice into a range.
  function pick(day: string) {
    setSelection((current) =>
      current && current.from === current.to && day > current.from
        ? { from: current.from, to: day }
        : { from: day, to: day },
    );
  }
  const pickedBlock = selection
    ? blocks.find((block) => block.from <= selection.from && block.to >= selection.from)
    : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to={`/entertainment/${act.url}`} className="text-brand-800 underline">
            ← {act.name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold">{act.name}: calendar</h1>
        <p className="mt-1 text-sm text-gray-700">
          Planners searching for a day you are booked, blocked or busy do not find {act.name}, and cannot invite it for
          that day. Days are in {loaderData.zone.replaceAll("_", " ")} time.
        </p>
      </div>
      <Section id="month" title={formatMonth(month.first)}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <nav aria-label="Months" className="flex gap-3 text-sm">
            <Link to={`?month=${month.previous.slice(0, 7)}`} className="text-brand-800 underline" preventScrollReset>
              ← {formatMonth(month.previous)}
            </Link>
            <Link to={`?month=${month.next.slice(0, 7)}`} className="text-brand-800 underline" preventScrollReset>
              {formatMonth(month.next)} →
            </Link>
          </nav>
          <StatusLegend />
        </div>
        <p className="mb-2 text-sm text-gray-700" id="grid-help">
          Choose a day to block or free it; choose a later day next to make it a range. Arrow keys move between days.
        </p>
        <MonthGrid month={month} today={today} days={days} selection={selection} onPick={pick} />
        <div aria-live="polite" className="mt-4">
          {selection &&
            (pickedBlock ? (
              <FreeBlock block={pickedBlock} onDone={() => setSelection(null)} />
            ) : (
              <BlockForm
                key={`${selection.from}-${selection.to}`}
                actUrl={act.url}
                selection={selection}
                onDone={() => setSelection(null)}
              />
            ))}
        </div>
      </Section>
      <Section id="blocked" title="Blocked days ahead">
        {blocks.length === 0 ? (
          <p className="text-sm text-gray-700">
            None: every day you have not blocked is open to planners, unless you are booked or busy.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {blocks.map((block) => (
              <li
                key={block.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 p-3 text-sm"
              >
                <span>
                  <strong>{formatDayRange(block.from, block.to)}</strong>
                  {block.note ? ` · ${block.note}` : ""}
                </span>
                <FreeButton id={block.id} label={formatDayRange(block.from, block.to)} />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Subscriptions actUrl={act.url} calendars={calendars} />
      <FeedAddress actUrl={act.url} feedUrl={feedUrl} />
    </div>
  );
}

/** Block the chosen day or range, with an optional note only the act's managers see. */
function BlockForm({
  actUrl,
  selection,
  onDone,
}: {
  actUrl: string;
  selection: { from: string; to: string };
  onDone(): void;
}) {
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending } = useAction();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = blockDaysSchema.safeParse({ ...selection, note });
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    const result = await run(() =>
      outcome(api.POST("/availability/block/{actUrl}", { params: { path: { actUrl } }, body: parsed.data })),
    );
    if (result.ok) onDone();
    else if (result.error?.errors) setErrors(result.error.errors);
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-md bg-brand-50 p-4 sm:flex-row sm:items-end"
      aria-label="Block days"
    >
      <p className="font-semibold sm:w-64">{formatDayRange(selection.from, selection.to)}</p>
      <div className="grow">
        <TextField
          label="Note (optional, only you see it)"
          name="note"
          maxLength={AVAILABILITY.noteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          errors={errors.note}
        />
      </div>
      <FieldErrors errors={[...(errors.from ?? []), ...(errors.to ?? []), ...(errors._ ?? [])]} />
      <div className="flex gap-2 sm:mb-[1.6rem]">
        <Button type="submit" disabled={pending}>
          Block {selection.from === selection.to ? "this day" : "these days"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A chosen day that is blocked: what the block says, and freeing all of it. */
function FreeBlock({
  block,
  onDone,
}: {
  block: { id: number; from: string; to: string; note: string | null };
  onDone(): void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-md bg-gray-100 p-4 sm:flex-row sm:items-center">
      <p className="grow">
        <strong>Blocked: {formatDayRange(block.from, block.to)}</strong>
        {block.note ? ` · ${block.note}` : ""}
      </p>
      <div className="flex gap-2">
        <FreeButton id={block.id} label={formatDayRange(block.from, block.to)} onDone={onDone} />
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function FreeButton({ id, label, onDone }: { id: number; label: string; onDone?: () => void }) {
  const { run, pending } = useAction();
  return (
    <Button
      variant="secondary"
      className="px-3 py-1"
      disabled={pending}
      onClick={async () => {
        const result = await run(() => outcome(api.POST("/availability/unblock/{id}", { params: { path: { id } } })));
        if (result.ok) onDone?.();
      }}
    >
      Free<span className="sr-only"> {label}</span>
      {onDone ? " these days" : ""}
    </Button>
  );
}
