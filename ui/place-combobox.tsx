import { useCombobox } from "downshift";
import { fieldMessagesText } from "#domain/api-error";
import { useEffect, useId, useRef, useState } from "react";
import { asksForPlaces, type PlaceOption, placeSuggestions, SUGGEST_DEBOUNCE_MS } from "./lib/place-suggestions";

interface PlaceComboboxProps {
  label: string;
  /** The form field's name: without JavaScript the input is a plain text field of the form. */
  name?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Called when a suggestion is chosen (after onValueChange). */
  onPick?: (label: string) => void;
  errors?: string[] | undefined;
  placeholder?: string;
  className?: string;
  labelClassName?: string;
}

/**
 * A US city field with suggestions from GET /api/places: an ARIA combobox from downshift
 * (arrow keys, Enter, Escape, announced options). What is typed is kept as typed; the
 * server checks it against the gazetteer and suggests the nearest names when unknown.
 */
export function PlaceCombobox({
  label,
  name,
  value,
  onValueChange,
  onPick,
  errors,
  placeholder = "City, ST",
  className,
  labelClassName,
}: PlaceComboboxProps) {
  const [items, setItems] = useState<PlaceOption[]>([]);
  const errorId = useId();
  const asked = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function suggest(query: string) {
    clearTimeout(timer.current);
    if (!asksForPlaces(query)) return setItems([]);
    const ticket = ++asked.current;
    timer.current = setTimeout(async () => {
      const places = await placeSuggestions(query);
      // Only the newest question's answer is shown, whatever order the answers arrive in.
      if (ticket === asked.current) setItems(places);
    }, SUGGEST_DEBOUNCE_MS);
  }

  const invalid = Boolean(errors?.length);
  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps } =
    useCombobox<PlaceOption>({
      items,
      inputValue: value,
      itemToString: (item) => item?.label ?? "",
      onInputValueChange: ({ inputValue, type }) => {
        onValueChange(inputValue);
        if (type === useCombobox.stateChangeTypes.InputChange) suggest(inputValue);
      },
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        onValueChange(selectedItem.label);
        setItems([]);
        onPick?.(selectedItem.label);
      },
    });
  const open = isOpen && items.length > 0;

  return (
    <div className="relative flex flex-col gap-1">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps gives the label its htmlFor, pointing at the input below. */}
      <label {...getLabelProps({ className: labelClassName ?? "text-sm font-medium text-gray-800" })}>{label}</label>
      <input
        {...getInputProps({
          name,
          placeholder,
          autoComplete: "off",
          "aria-invalid": invalid || undefined,
          "aria-describedby": invalid ? errorId : undefined,
          className:
            className ?? "rounded-md border border-gray-300 px-3 py-2 text-gray-900 aria-[invalid]:border-red-600",
        })}
      />
      <ul
        {...getMenuProps({
          className: `absolute top-full z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md bg-white py-1 shadow-lg ring-1 ring-gray-200 ${open ? "" : "hidden"}`,
        })}
      >
        {open &&
          items.map((item, index) => (
            <li
              key={item.label}
              {...getItemProps({
                item,
                index,
                className: `cursor-pointer px-3 py-1.5 text-sm ${highlightedIndex === index ? "bg-brand-100 text-brand-900" : "text-gray-900"}`,
              })}
            >
              {item.label}
            </li>
          ))}
      </ul>
      {/* Replaced by the next answer's on a guest's /search (app/enhance/search-form.ts). */}
      <div data-live={`errors-${name}`} className="contents">
        {invalid && (
          <p id={errorId} className="text-sm font-normal text-red-700">
            {fieldMessagesText(errors)}
          </p>
        )}
      </div>
    </div>
  );
}
