import { TriangleAlert } from "lucide-react";
import { SERP_DESCRIPTION_CHARS, SERP_TITLE_CHARS, serpCut, seoWarnings } from "../seo";

/**
 * How the page would look as a search engine's result: the address, the title and the
 * description cut where engines cut them, and what the editor should know about their lengths.
 */
export function SerpPreview({ url, title, description }: { url: string; title: string; description: string }) {
  const warnings = seoWarnings({ title, description });
  const address = url
    .replace(/^https?:\/\//, "")
    .split("/")
    .filter(Boolean)
    .join(" › ");
  return (
    <section aria-labelledby="serp-heading" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="serp-heading" className="text-sm font-semibold text-gray-800">
        Preview in search results
      </h2>
      <div className="mt-3 max-w-[600px]" data-testid="serp-preview">
        <p className="truncate text-sm text-gray-700">{address}</p>
        <p className="text-xl leading-snug text-[#1a0dab]" data-testid="serp-title">
          {serpCut(title, SERP_TITLE_CHARS) || "Title"}
        </p>
        <p className="text-sm text-gray-700" data-testid="serp-description">
          {serpCut(description, SERP_DESCRIPTION_CHARS) || "Description"}
        </p>
      </div>
      <p className="mt-3 text-sm text-gray-700">
        Title: {title.trim().length} of about {SERP_TITLE_CHARS} characters shown. Description:{" "}
        {description.trim().length} of about {SERP_DESCRIPTION_CHARS}.
      </p>
      <div role="status" aria-live="polite">
        {warnings.length > 0 && (
          <ul aria-label="Warnings" className="mt-2 flex flex-col gap-1 text-sm text-yellow-900">
            {warnings.map((warning) => (
              <li
                key={warning}
                className="flex items-start gap-2 rounded-md bg-yellow-50 px-2 py-1 ring-1 ring-yellow-300"
              >
                <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <span className="font-semibold">Warning:</span> {warning}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
