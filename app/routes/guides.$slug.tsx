import { Link } from "react-router";
import { publicPageMeta } from "../lib/page-meta";
import { loadGuide } from "./guides.server";
import type { Route } from "./+types/guides.$slug";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { guide, canonicalUrl, appName, publicUrl } = data;
  const title = `${guide.title} | ${appName}`;
  return [
    ...publicPageMeta({ title, description: guide.description, canonicalUrl, type: "article" }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: guide.title,
        description: guide.description,
        url: canonicalUrl,
        mainEntityOfPage: canonicalUrl,
        dateModified: guide.updatedAt,
        publisher: { "@type": "Organization", name: appName, url: publicUrl },
      },
    },
  ];
}

export function loader({ context, params }: Route.LoaderArgs) {
  return loadGuide(context, params.slug);
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  const { guide } = loaderData;
  return (
    <article className="mx-auto max-w-3xl">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <ol className="flex gap-1">
          <li>
            <Link to="/guides" className="text-brand-800 underline">
              Guides
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li aria-current="page">{guide.title}</li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{guide.title}</h1>
      {guide.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 text-gray-800">
          {paragraph}
        </p>
      ))}
      {guide.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-gray-800">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {guide.links.length > 0 && (
        <section aria-labelledby="guide-links" className="mt-8 rounded-lg bg-white p-5 shadow-sm">
          <h2 id="guide-links" className="text-lg font-semibold">
            Find entertainers
          </h2>
          <ul className="mt-2 list-disc pl-6">
            {guide.links.map((link) => (
              <li key={link.path}>
                <Link to={link.path} className="text-brand-800 underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
