import { useState } from "react";
import type { EventFormValues } from "../events";
import { fieldMessagesText } from "#domain/api-error";
import { LIMITS } from "#domain/limits";
import { PlaceCombobox } from "#ui/place-combobox";
import { TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";

export const EMPTY_EVENT: EventFormValues = {
  name: "",
  location: "",
  starttime: "",
  event_type: "",
  guests: "",
  budget: "",
  hours: "",
  venue: "",
  notes: "",
};

/** The JSON body of a create or edit call from a submitted form: numbers as numbers, blanks left out. */
export function eventBodyOf(form: FormData): Record<string, unknown> {
  const text = (key: string) => String(form.get(key) ?? "");
  const number = (key: string) => (text(key).trim() === "" ? undefined : Number(text(key).replace(/[$,\s]/g, "")));
  return {
    name: text("name"),
    starttime: text("starttime"),
    location: text("location"),
    event_type: text("event_type") || undefined,
    guests: number("guests"),
    budget: number("budget"),
    hours: number("hours"),
    venue: text("venue") || undefined,
    notes: text("notes") || undefined,
  };
}

/**
 * The name, place and time of an event, then what an act needs to quote: the kind of event,
 * guests, a budget, hours of entertainment, the venue and notes (issue 30).
 */
export function EventFormFields({
  values,
  eventTypes,
  errors,
}: {
  values: EventFormValues;
  eventTypes: string[];
  errors: Record<string, string[] | undefined>;
}) {
  const [location, setLocation] = useState(values.location);
  return (
    <>
      <TextField label="Event name" name="name" required defaultValue={values.name} errors={errors.name} />
      <PlaceCombobox
        label="Location"
        name="location"
        value={location}
        onValueChange={setLocation}
        placeholder="City, ST, or Online"
        errors={errors.location}
      />
      <TextField
        label="Start time (local time where the event happens)"
        name="starttime"
        type="datetime-local"
        required
        defaultValue={values.starttime}
        errors={errors.starttime}
      />
      <fieldset className="flex flex-col gap-4 rounded-md border border-gray-200 p-4">
        <legend className="px-1 text-sm font-semibold">What an act needs to quote (optional)</legend>
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
          Kind of event
          <select
            name="event_type"
            defaultValue={values.event_type}
            className="rounded-md border border-gray-300 px-3 py-2"
            aria-invalid={errors.event_type ? true : undefined}
          >
            <option value="">Not said</option>
            {eventTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {errors.event_type && (
            <span className="font-normal text-red-700">{fieldMessagesText(errors.event_type)}</span>
          )}
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Guests"
            name="guests"
            inputMode="numeric"
            defaultValue={values.guests}
            errors={errors.guests}
          />
          <TextField
            label="Budget (USD)"
            name="budget"
            inputMode="numeric"
            defaultValue={values.budget}
            errors={errors.budget}
          />
          <TextField
            label="Hours of entertainment"
            name="hours"
            inputMode="decimal"
            defaultValue={values.hours}
            errors={errors.hours}
          />
        </div>
        <TextField
          label="Venue"
          name="venue"
          defaultValue={values.venue}
          maxLength={LIMITS.name}
          errors={errors.venue}
        />
        <TextAreaField
          label="Notes for the acts"
          name="notes"
          rows={3}
          defaultValue={values.notes}
          maxLength={LIMITS.messageBody}
          errors={errors.notes}
        />
      </fieldset>
    </>
  );
}
