import { BOOK_INSTANTLY } from "#modules/content/instant";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { FieldErrors } from "#domain/api-error";
import { PlaceCombobox } from "#ui/place-combobox";
import { KEYWORD_DEBOUNCE_MS, searchTiming } from "../search-timing";
import { MAX_BUDGET_DOLLARS } from "#domain/prices";
import {
  type ActSearchFilter,
  activeFilterCount,
  DEFAULT_RADIUS_MILES,
  FORM_LIST_KEYS,
  LIST_LABELS,
  RADIUS_CHOICES,
  SORT_LABELS,
  FORM_SORTS,
  DEFAULT_SORT_LABEL,
  type ListKey,
} from "../search-filter";

type Facets = Record<ListKey, { value: string; count: number }[]>;

const inputClass = "w-full rounded-md border border-gray-300 px-3 py-2";

/**
 * The search form: a GET form, so it works without JavaScript and its address is the whole
 * state. With JavaScript, results follow every change (keywords after a pause) in place, and
 * focus stays where it was.
 */
export function SearchForm({
  filter,
  raw,
  facets,
  facetsEstimated = false,
  errors,
  view = "list",
}: {
  filter: ActSearchFilter | null;
  raw: Record<string, unknown>;
  facets: Facets | null;
  /** Past 2,500 matches the counts are estimates (FACETS_EXACT_UP_TO), and say so. */
  facetsEstimated?: boolean;
  errors: FieldErrors;
  /** On the map view the form keeps it, and the map's area. */
  view?: "list" | "map";
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const text = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : "");
  const selected = (key: ListKey) => (filter ? filter[key] : Array.isArray(raw[key]) ? (raw[key] as string[]) : []);
  const placeInAddress = text("location");
  const activeFilters = activeFilterCount(raw);
  const refinementErrors = Boolean(
    errors.date?.length || errors.radius?.length || errors.budget?.length || errors.sort?.length,
  );
  const [place, setPlace] = useState(placeInAddress);
  // The address changed (Back, Clear all, a link): the field shows what it now holds.
  useEffect(() => setPlace(placeInAddress), [placeInAddress]);

  const navigation = useNavigation();
  // Sent and not yet answered: the results on show are an older search's (aria-busy says so).
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (navigation.state === "idle") setSent(false);
  }, [navigation.state]);
  const busy = sent || (navigation.state !== "idle" && navigation.location?.pathname === "/search");
  const send = () => {
    if (!form.current) return;
    setSent(true);
    void submit(form.current, { replace: true, preventScrollReset: true });
  };
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    clearTimeout(timer.current);
    const timing = searchTiming(target);
    if (timing === "now") send();
    else if (timing === "after-typing") timer.current = setTimeout(send, KEYWORD_DEBOUNCE_MS);
  };

  return (
    <Form
      ref={form}
      method="get"
      action="/search"
      role="search"
      aria-label="Search entertainers"
      aria-busy={busy || undefined}
      onChange={onChange}
      className="flex flex-col gap-4"
    >
      {view === "map" && <input type="hidden" name="view" value="map" />}
      {view === "map" && text("bounds") && !errors.bounds && (
        <input type="hidden" name="bounds" value={text("bounds")} />
      )}
      {errors.bounds && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {errors.bounds[0]}: the whole country is searched when you change the search.
        </p>
      )}
      <div className="grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <Field label="What" error={errors.searchTerms}>
          <input
            type="search"
            name="searchTerms"
            defaultValue={text("searchTerms")}
            placeholder="Jazz band, DJ, magician…"
            className={inputClass}
          />
        </Field>
        <PlaceCombobox
          label="Where"
          name="location"
          value={place}
          onValueChange={setPlace}
          // The picked label is in the field once React has rendered it; the search follows.
          onPick={() => setTimeout(send)}
          errors={errors.location}
          className={inputClass}
          labelClassName="text-sm font-medium text-gray-800"
        />
        <div className="flex items-end gap-3">
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Search
          </button>
          <Link to="/search" className="py-2 text-brand-800 underline">
            Clear all
          </Link>
        </div>
      </div>
      {/*
        On a phone the results come first: the refinements fold behind this button, which says
        how many are on. From 1024 px up they are always shown (app.css, .filters-panel). A plain
        <details>, so it works without JavaScript; it opens itself when one of its fields is wrong.
      */}
      <details className="filters-panel group rounded-lg bg-white shadow-sm" open={refinementErrors || undefined}>
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-3 font-semibold text-brand-900">
          <span>
            Filters and sorting
            <span data-live="filter-count">
              {activeFilters > 0 && (
                <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-sm text-white">
                  {activeFilters} on
                </span>
              )}
            </span>
          </span>
          <span aria-hidden className="text-sm text-gray-600 group-open:hidden">
            Show
          </span>
          <span aria-hidden className="hidden text-sm text-gray-600 group-open:inline">
            Hide
          </span>
        </summary>
        <div className="flex flex-col gap-4 px-4 pb-4 lg:p-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field label="When" error={errors.date}>
              <input type="date" name="date" defaultValue={text("date")} className={inputClass} />
            </Field>
            <Field label="Within" error={errors.radius}>
              <select
                name="radius"
                defaultValue={text("radius") || String(DEFAULT_RADIUS_MILES)}
                className={inputClass}
              >
                {RADIUS_CHOICES.map((miles) => (
                  <option key={miles} value={miles}>
                    {miles} miles
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Budget (US dollars, up to)" error={errors.budget}>
              <input
                type="number"
                name="budget"
                min={0}
                max={MAX_BUDGET_DOLLARS}
                step={1}
                inputMode="numeric"
                defaultValue={text("budget")}
                placeholder="Any"
                className={inputClass}
              />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
              <input type="checkbox" name="instant" value="1" defaultChecked={text("instant") === "1"} />
              {BOOK_INSTANTLY}
            </label>
            <Field label="Sort by" error={errors.sort}>
              <select name="sort" defaultValue={text("sort")} className={inputClass}>
                <option value="">{DEFAULT_SORT_LABEL}</option>
                {FORM_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          {/* Replaced by the next answer's on a guest's /search (app/enhance/search-form.ts). */}
          <div data-live="facets" className="contents">
            {facets && (
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {FORM_LIST_KEYS.map((key) => {
                  const values = mergeSelected(offeredValues(facets, key), selected(key));
                  if (values.length === 0) return null;
                  return (
                    <fieldset key={key} className="rounded-lg bg-white p-3 shadow-sm">
                      <legend className="px-1 text-sm font-semibold">{LIST_LABELS[key]}</legend>
                      <ul className="mt-1 flex max-h-48 flex-col gap-1 overflow-y-auto text-sm">
                        {values.map(({ value, count }) => (
                          <li key={value}>
                            <label className="flex items-center gap-2">
                              <input
                                type="checkbox"
                                name={`${key}[]`}
                                value={value}
                                defaultChecked={selected(key).includes(value)}
                              />
                              <span>
                                {value}{" "}
                                <span className="text-gray-600">
                                  ({facetsEstimated ? `about ${count.toLocaleString("en-US")}` : count})
                                </span>
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </details>
    </Form>
  );
}

/** A list's values, less those another list of the form offers (group sizes are also types of act). */
function offeredValues(facets: Facets, key: ListKey) {
  if (key !== "actTypes") return facets[key];
  const sizes = new Set(facets.bandSetups.map((item) => item.value));
  return facets.actTypes.filter((item) => !sizes.has(item.value));
}

/** A chosen value stays offered even when no act has it any more (count 0), so it can be unticked. */
function mergeSelected(values: { value: string; count: number }[], chosen: string[]) {
  const missing = chosen
    .filter((value) => !values.some((item) => item.value === value))
    .map((value) => ({ value, count: 0 }));
  return [...values, ...missing];
}

function Field({ label, error, children }: { label: string; error?: string[]; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is one of the children, which the label wraps.
    <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
      {label}
      {children}
      <span data-live={`errors-${label}`} className="contents">
        {error?.map((message) => (
          <span key={message} className="font-normal text-red-700">
            {message}
          </span>
        ))}
      </span>
    </label>
  );
}
