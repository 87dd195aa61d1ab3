import { Link } from "react-router";

/** Previous and next links of an admin list, with where the reader is; nothing for one page. */
export function Pager({ page, pages, link }: { page: number; pages: number; link: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-3 text-sm">
      {page > 1 && (
        <Link to={link(page - 1)} rel="prev" className="text-brand-800 underline">
          Previous
        </Link>
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link to={link(page + 1)} rel="next" className="text-brand-800 underline">
          Next
        </Link>
      )}
    </nav>
  );
}
