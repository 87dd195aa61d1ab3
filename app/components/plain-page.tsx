import type { ReactNode } from "react";

/** A page of the site's own words (about, contact, terms): a heading and readable paragraphs. */
export function PlainPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl rounded-lg bg-white p-6 shadow-sm">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-4 flex flex-col gap-3 leading-relaxed text-gray-800 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold">
        {children}
      </div>
    </article>
  );
}
