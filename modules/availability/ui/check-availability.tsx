import { availabilityAnswer, quoteRequestPath } from "#domain/calendar-days";

/**
 * "Check availability" on a profile: a plain GET form, so it answers without JavaScript (the
 * page comes back with `?date=`), and at once with it (app/enhance/profile.ts asks the API and
 * writes the same sentence into the answer). A free day offers "Request a quote" to those who
 * may ask for one (`asker`): it keeps the day through a guest's sign-up into the new event.
 */
export function CheckAvailability({
  actUrl,
  actName,
  checked,
  asker,
}: {
  actUrl: string;
  actName: string;
  checked: { date: string; free: boolean } | null;
  asker: "guest" | "planner" | null;
}) {
  const quoteDate = checked?.free ? checked.date : null;
  return (
    <section aria-labelledby="check-availability" className="rounded-lg bg-white p-5 shadow-sm" id="availability">
      <h2 id="check-availability" className="font-semibold">
        Check availability
      </h2>
      <form
        method="get"
        action={`/entertainment/${actUrl}#availability`}
        data-availability-check={actUrl}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <label className="flex flex-col text-sm font-medium">
          Date of your event
          <input
            type="date"
            name="date"
            required
            defaultValue={checked?.date}
            className="mt-1 rounded-md border border-gray-300 px-3 py-2"
          />
        </label>
        <button
          type="submit"
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50"
        >
          Check<span className="sr-only"> whether {actName} is free</span>
        </button>
      </form>
      <p
        role="status"
        data-availability-answer
        className={`mt-2 text-sm ${checked ? (checked.free ? "text-emerald-800" : "text-red-800") : ""}`}
      >
        {checked ? availabilityAnswer(checked.date, checked.free) : ""}
      </p>
      {asker && (
        <a
          href={quoteDate ? quoteRequestPath(actUrl, quoteDate, asker) : "#availability"}
          hidden={!quoteDate}
          data-availability-quote={asker}
          className="mt-3 inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Request a quote<span className="sr-only"> from {actName}</span>
        </a>
      )}
    </section>
  );
}
