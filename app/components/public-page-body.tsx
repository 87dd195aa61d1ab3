import type { ReactNode } from "react";
import { usePublicLayout } from "../root";
import { CachedMarkup } from "#ui/cached-markup";

export interface PublicPageBodyProps<T> {
  /** Unique on the page: the kept part's name. */
  name: string;
  /** Everything the body shows, serialisable (see CachedMarkup). */
  input: T;
  /** The small script that gives a guest's plain page its behaviours (app/enhance/). */
  script: string;
  render: (input: T) => ReactNode;
}

/**
 * A page's body as guests get it in the public layout: plain HTML that nothing hydrates, the same
 * for every guest who asks the same, so rendered once per input and reused (decision 0021), with
 * a small script for its behaviours (decisions 0005, 0024 and 0025). Signed-in visitors get the
 * body rendered, and hydrated, by React.
 */
export function PublicPageBody<T>(props: PublicPageBodyProps<T>) {
  if (!usePublicLayout()) return props.render(props.input);
  return <GuestPageBody {...props} />;
}

/** The body as a guest gets it, wherever the page is drawn (also app/guest-document.server.tsx). */
export function GuestPageBody<T>({ name, input, script, render }: PublicPageBodyProps<T>) {
  return (
    <>
      <CachedMarkup name={name} input={input} interactive={false} render={render} />
      <script type="module" src={script} />
    </>
  );
}
