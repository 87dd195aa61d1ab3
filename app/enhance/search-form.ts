/**
 * The search form's behaviours on pages that guests get without React (listings and /search,
 * decision 0024): the Where field suggests places as an ARIA combobox, and a changed choice
 * (a date, a radius, an order, a ticked value) searches at once. The form is a GET form to
 * /search, so everything else already works from markup.
 *
 * On /search itself the results follow the form in place, as on the hydrated page: typed words
 * search once typing pauses, and the next answer's results, filters and messages replace the
 * page's own (its `data-live` parts) while the field being typed in keeps its focus and text.
 * Elsewhere a search opens /search, so typed words wait for Enter: a page that reloads mid-word
 * would take the field from under the typist.
 */
import { placeSuggestions, SUGGEST_DEBOUNCE_MS, type PlaceOption } from "#ui/lib/place-suggestions";
import { KEYWORD_DEBOUNCE_MS, searchTiming } from "#modules/discovery/search-timing";

const OPTION_CLASS = "cursor-pointer px-3 py-1.5 text-sm";
const HIGHLIGHTED_CLASS = "bg-brand-100 text-brand-900";
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

/** The form's search, answered in place: the address follows it, and the newest answer is shown. */
function liveResults(form: HTMLFormElement) {
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function search() {
    clearTimeout(timer);
    const ticket = ++asked;
    // The query a plain submit of this GET form would send, so the address reads the same either way.
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") query.append(key, value);
    const address = `${new URL(form.action).pathname}?${query.toString()}`;
    history.replaceState(history.state, "", address);
    // Until the newest answer is in, the results on show are an older search's.
    form.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(address, { headers: { accept: "text/html" } });
      if (response.status === 429 && ticket === asked) {
        // This visitor has several searches in flight: ask again once the server had a moment.
        timer = setTimeout(search, Number(response.headers.get("retry-after") ?? 1) * 1000);
        return;
      }
      if (!response.ok) throw new Error(`${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (ticket === asked) {
        showAnswer(form, page);
        form.removeAttribute("aria-busy");
      }
    } catch {
      // Offline, or the server failed: the page itself, opened, says what went wrong.
      if (ticket === asked) location.assign(address);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void search();
  });
  form.addEventListener("input", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || searchTiming(target) !== "after-typing") return;
    clearTimeout(timer);
    timer = setTimeout(search, KEYWORD_DEBOUNCE_MS);
  });
  return search;
}

/**
 * The parts of the next answer's page that the form does not hold in the visitor's hands: the
 * results, the filters and their counts, the fields' messages. The status line keeps its element
 * so that screen readers announce the new count; a ticked filter that had focus keeps it.
 */
function showAnswer(form: HTMLFormElement, page: Document) {
  const focused =
    document.activeElement instanceof HTMLInputElement && document.activeElement.type === "checkbox"
      ? document.activeElement
      : null;
  for (const part of document.querySelectorAll<HTMLElement>("[data-live]")) {
    const next = page.querySelector<HTMLElement>(`[data-live="${CSS.escape(part.dataset.live ?? "")}"]`);
    if (!next) continue;
    if (part.getAttribute("role") === "status") part.textContent = next.textContent;
    else part.replaceWith(document.importNode(next, true));
  }
  // A field's own state as the answer judged it (aria-invalid, what describes it); its value stays as typed.
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
    "input:not([type=checkbox])[name], select[name]",
  )) {
    const judged = page.querySelector(`form[role=search] [name="${CSS.escape(field.name)}"]`);
    for (const attribute of ["aria-invalid", "aria-describedby"]) {
      const value = judged?.getAttribute(attribute) ?? null;
      if (value === null) field.removeAttribute(attribute);
      else field.setAttribute(attribute, value);
    }
  }
  if (focused && !focused.isConnected)
    form
      .querySelector<HTMLInputElement>(
        `input[type=checkbox][name="${CSS.escape(focused.name)}"][value="${CSS.escape(focused.value)}"]`,
      )
      ?.focus();
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[role=search]")) {
  const input = form.querySelector<HTMLInputElement>("input[role=combobox][name=location]");
  const menu = input && document.getElementById(input.getAttribute("aria-controls") ?? "");
  if (input && menu instanceof HTMLUListElement) placeCombobox(form, input, menu);
  // The home page's form waits for its Search button (data-search-on-change="off").
  if (form.dataset.searchOnChange === "off") continue;
  const search = new URL(form.action).pathname === location.pathname ? liveResults(form) : () => form.requestSubmit();
  form.addEventListener("change", (event) => {
    const target = event.target;
    if ((target instanceof HTMLInputElement || target instanceof HTMLSelectElement) && searchTiming(target) === "now")
      void search();
  });
}
