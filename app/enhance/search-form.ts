/**
 * The search form's behaviours on pages that guests get without React (listing pages,
 * decision 0024): the Where field suggests places as an ARIA combobox, and a changed choice
 * (a date, a radius, an order, a ticked value) searches at once. The form is a GET form to
 * /search, so everything else already works from markup: typed words search on Enter.
 */
import { placeSuggestions, SUGGEST_DEBOUNCE_MS, type PlaceOption } from "../lib/place-suggestions";

const OPTION_CLASS = "cursor-pointer px-3 py-1.5 text-sm";
const HIGHLIGHTED_CLASS = "bg-violet-100 text-violet-900";
const PLAIN_CLASS = "text-gray-900";

/** The place field of a search form: its suggestions, which one is highlighted, and the newest question. */
function placeCombobox(form: HTMLFormElement, input: HTMLInputElement, menu: HTMLUListElement) {
  let places: PlaceOption[] = [];
  let highlighted = -1;
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const optionId = (index: number) => `${menu.id}-item-${index}`;

  function show(next: PlaceOption[]) {
    places = next;
    highlighted = -1;
    menu.replaceChildren(
      ...places.map((place, index) => {
        const option = document.createElement("li");
        option.id = optionId(index);
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        option.className = `${OPTION_CLASS} ${PLAIN_CLASS}`;
        option.textContent = place.label;
        // Before the field loses focus, so the pick is not lost to the blur that closes the list.
        option.addEventListener("mousedown", (event) => {
          event.preventDefault();
          pick(index);
        });
        return option;
      }),
    );
    const open = places.length > 0;
    menu.classList.toggle("hidden", !open);
    input.setAttribute("aria-expanded", String(open));
    input.setAttribute("aria-activedescendant", "");
  }

  function highlight(index: number) {
    highlighted = index;
    menu.querySelectorAll<HTMLLIElement>("[role=option]").forEach((option, at) => {
      const on = at === index;
      option.setAttribute("aria-selected", String(on));
      option.className = `${OPTION_CLASS} ${on ? HIGHLIGHTED_CLASS : PLAIN_CLASS}`;
      if (on) option.scrollIntoView({ block: "nearest" });
    });
    input.setAttribute("aria-activedescendant", index >= 0 ? optionId(index) : "");
  }

  function pick(index: number) {
    const place = places[index];
    if (!place) return;
    input.value = place.label;
    show([]);
    form.requestSubmit();
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    const ticket = ++asked;
    const query = input.value;
    timer = setTimeout(async () => {
      const found = await placeSuggestions(query);
      // Only the newest question's answer is shown, whatever order the answers arrive in.
      if (ticket === asked) show(found);
    }, SUGGEST_DEBOUNCE_MS);
  });
  input.addEventListener("keydown", (event) => {
    const open = places.length > 0;
    if (event.key === "ArrowDown" && open) highlight((highlighted + 1) % places.length);
    else if (event.key === "ArrowUp" && open) highlight((highlighted - 1 + places.length) % places.length);
    else if (event.key === "Enter" && open && highlighted >= 0) pick(highlighted);
    else if (event.key === "Escape" && open) show([]);
    else return;
    event.preventDefault();
  });
  input.addEventListener("blur", () => {
    ++asked;
    show([]);
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[role=search]")) {
  const input = form.querySelector<HTMLInputElement>("input[role=combobox][name=location]");
  const menu = input && document.getElementById(input.getAttribute("aria-controls") ?? "");
  if (input && menu instanceof HTMLUListElement) placeCombobox(form, input, menu);
  form.addEventListener("change", (event) => {
    const target = event.target;
    // Typing searches on Enter: a page that reloads mid-word would take the field from under it.
    if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "date"))) form.requestSubmit();
  });
}
