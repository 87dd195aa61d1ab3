import { Link } from "react-router";

/** The address of another page of the same search (or listing, at `path`). */
export function pageHref(search: string, page: number, path = "/search"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Numbered pages, with the current one marked for screen readers. */
export function Pagination({
  search,
  page,
  pages,
  path = "/search",
}: {
  search: string;
  page: number;
  pages: number;
  path?: string;
}) {
  if (pages <= 1) return null;
  const shown = Array.from({ length: pages }, (_, index) => index + 1).filter(
    (number) => number === 1 || number === pages || Math.abs(number - page) <= 2,
  );
  return (
    <nav aria-label="Pages of results" className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link
              to={pageHref(search, page - 1, path)}
              rel="prev"
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5"
            >
              Previous
            </Link>
          </li>
        )}
        {shown.map((number, index) => (
          <li key={number} className="flex items-center gap-2">
            {index > 0 && shown[index - 1] !== number - 1 && <span aria-hidden>…</span>}
            <Link
              to={pageHref(search, number, path)}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Page ${number}`}
              className={`rounded-md border px-3 py-1.5 ${number === page ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white"}`}
            >
              {number}
            </Link>
          </li>
        ))}
        {page < pages && (
          <li>
            <Link
              to={pageHref(search, page + 1, path)}
              rel="next"
              className="rounded-md border border-gray-300 bg-white px-3 py-1.5"
            >
              Next
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
