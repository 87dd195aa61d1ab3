import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type Context,
  type ReactElement,
  type ReactNode,
} from "react";
import * as router from "react-router";

/**
 * The server's renderer of kept markup (app/entry.server.tsx provides it): the markup of an
 * element, rendered once per distinct input and reused (server/cache/markup-cache.ts).
 */
export interface CachedMarkupRenderer {
  /** What stands for the part in the page's render: its markup, or a mark the server swaps for it. */
  markup(name: string, input: unknown, element: () => ReactElement): string;
}

export const CachedMarkupContext = createContext<CachedMarkupRenderer | null>(null);

/** Set inside a kept part's own render: a kept part within it is part of its markup, not kept apart. */
const InsideCachedMarkup = createContext(false);

interface CachedMarkupProps<T> {
  /** Unique on the page: the browser finds the server's markup by it. */
  name: string;
  /** Everything the markup depends on, serialisable: the same input always renders the same. */
  input: T;
  /**
   * Whether what `render` makes has React handlers (buttons that open dialogs, forms). Such
   * markup is shown as the server made it until the page has hydrated, then rendered by React.
   */
  interactive: boolean;
  render: (input: T) => ReactNode;
}

/**
 * A part of a page whose markup depends only on `input`, which the server renders once per
 * distinct input and reuses across requests and viewers (decision 0021). In the browser the
 * server's markup is adopted as it stands, not hydrated: while the input is what the page
 * came with and nothing in it needs React, it stays; once the input changes (the page's data
 * reloads after an action), or at once after hydration when it is interactive, React renders
 * it afresh in its place. Everything `render` shows must come from `input` (and constants of the
 * process, such as the product's name).
 */
export function CachedMarkup<T>(props: CachedMarkupProps<T>) {
  const renderer = useContext(CachedMarkupContext);
  const inside = useContext(InsideCachedMarkup);
  // Inside another kept part it is markup of that part, in the element the browser looks for.
  if (inside) return <RenderedPart {...props} />;
  return renderer ? <ServerCachedMarkup renderer={renderer} {...props} /> : <BrowserCachedMarkup {...props} />;
}

/** The router's contexts, passed on to the markup's own render so that links and hooks work there. */
const BRIDGED: Context<unknown>[] = [
  router.UNSAFE_DataRouterContext,
  router.UNSAFE_DataRouterStateContext,
  router.UNSAFE_FetchersContext,
  router.UNSAFE_FrameworkContext,
  router.UNSAFE_LocationContext,
  router.UNSAFE_NavigationContext,
  router.UNSAFE_RouteContext,
  router.UNSAFE_ViewTransitionContext,
] as Context<unknown>[];

function ServerCachedMarkup<T>({
  renderer,
  name,
  input,
  render,
}: CachedMarkupProps<T> & { renderer: CachedMarkupRenderer }) {
  // One hook per context, the same list on every render.
  // biome-ignore lint/correctness/useHookAtTopLevel: BRIDGED is a constant list, so the hooks run in the same order every render.
  const values = BRIDGED.map((context) => useContext(context));
  const html = renderer.markup(name, input, () =>
    BRIDGED.reduceRight<ReactElement>(
      // biome-ignore lint/correctness/useJsxKeyInIterable: each provider wraps the next, one child each: no list for React to key.
      (element, context, index) => <context.Provider value={values[index]}>{element}</context.Provider>,
      <InsideCachedMarkup.Provider value={true}>{render(input)}</InsideCachedMarkup.Provider>,
    ),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is our own React render of this part, never a user's HTML.
  return <div data-kept={name} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

const neverChanges = () => () => {};

function BrowserCachedMarkup<T>({ name, input, interactive, render }: CachedMarkupProps<T>) {
  // True only in the render that hydrates the server's page (React uses the server's answer then).
  const hydrating = useSyncExternalStore(
    neverChanges,
    () => false,
    () => true,
  );
  const inputKey = useMemo(() => JSON.stringify(input), [input]);
  const [adopted] = useState(() =>
    hydrating ? { html: document.querySelector(`[data-kept="${CSS.escape(name)}"]`)?.innerHTML, inputKey } : null,
  );
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const keep = adopted?.html !== undefined && adopted.inputKey === inputKey && !(interactive && hydrated);
  // Different keys: React replaces the adopted markup rather than adding its own to it.
  return keep ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own render of this part, adopted as it is.
    <div key="adopted" data-kept={name} className="contents" dangerouslySetInnerHTML={{ __html: adopted.html! }} />
  ) : (
    <RenderedPart key="rendered" name={name} input={input} render={render} />
  );
}

/** A kept part rendered by React where it stands, in the element the server's markup comes in. */
function RenderedPart<T>({ name, input, render }: Pick<CachedMarkupProps<T>, "name" | "input" | "render">) {
  return (
    <div data-kept={name} className="contents">
      {render(input)}
    </div>
  );
}
