import { FieldErrors } from "#ui/form-fields";
import type { FieldErrors as Errors } from "#domain/api-error";
import { ACT_FACTS, type ActFacts } from "../act-facts";

/**
 * The profile editor's choices for every fact an act's artist states (modules/acts/act-facts.ts):
 * a group of checkboxes per fact, kept in the list's order whatever order they are ticked in.
 */
export function ActFactFields({
  facts,
  onChange,
  errors,
}: {
  facts: ActFacts;
  onChange: (facts: ActFacts) => void;
  errors: Errors;
}) {
  return ACT_FACTS.map((fact) => {
    const chosen = new Set<string>(facts[fact.key]);
    const prefix = `facts.${fact.key}`;
    const messages = Object.entries(errors).flatMap(([key, list]) =>
      key === prefix || key.startsWith(`${prefix}.`) ? list : [],
    );
    const toggle = (value: string, on: boolean) => {
      if (on) chosen.add(value);
      else chosen.delete(value);
      onChange({ ...facts, [fact.key]: fact.values.filter((item) => chosen.has(item)) });
    };
    return (
      <fieldset key={fact.key} className="flex flex-col gap-2" aria-describedby={`${prefix}-errors`}>
        <legend className="text-sm font-medium text-gray-800">
          {fact.label} (at most {fact.max})
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {fact.values.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={prefix}
                value={value}
                checked={chosen.has(value)}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              {value}
            </label>
          ))}
        </div>
        <FieldErrors id={`${prefix}-errors`} errors={messages} />
      </fieldset>
    );
  });
}
