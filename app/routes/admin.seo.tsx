import { Form, Link } from "react-router";
import { MESSAGES } from "#domain/messages";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadSeoList, type SeoTab } from "./admin.seo.server";
import type { Route } from "./+types/admin.seo";
import { Pager } from "#ui/pager";

export function meta() {
  return [{ title: "Search-engine copy" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadSeoList(context, url);
}

const TAB_LABELS: Record<SeoTab, string> = { act: "Act pages", listing: "Listing pages", guide: "Guides" };
const NEW_LINKS: Record<SeoTab, { to: string; label: string }> = {
  act: { to: "/admin/seo/entry?kind=act", label: "New entry for an act" },
  listing: { to: "/admin/seo/entry?kind=listing", label: "New entry for a listing page" },
  guide: { to: "/admin/seo/guide", label: "New guide" },
};

export default function AdminSeo({ loaderData }: Route.ComponentProps) {
  const { tab, counts, items, query, page, pages, saved } = loaderData;
  const pageLink = (to: number) => `/admin/seo?tab=${tab}${query ? `&q=${encodeURIComponent(query)}` : ""}&page=${to}`;
  return (
    <>
      <h1 className="text-2xl font-bold">Search-engine copy</h1>
      <p className="mt-1 max-w-2xl text-gray-700">
        The titles and descriptions search engines show for act pages and listing pages, and the guides. A page without
        an entry uses its generated title and description.
      </p>
      {saved && (
        <p role="status" className="mt-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-300">
          {tab === "guide" ? MESSAGES.guideSaved : MESSAGES.seoEntrySaved}: {saved}
        </p>
      )}
      <nav aria-label="Kinds of copy" className="mt-6 border-b border-gray-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {(Object.keys(TAB_LABELS) as SeoTab[]).map((key) => (
            <li key={key}>
              <Link
                to={`/admin/seo?tab=${key}`}
                aria-current={key === tab ? "page" : undefined}
                className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${key === tab ? "border-brand-700 text-brand-800" : "border-transparent text-gray-700 hover:border-gray-300"}`}
              >
                {TAB_LABELS[key]} ({counts[key]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex items-end gap-2">
          <input type="hidden" name="tab" value={tab} />
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
            Find by address or title
            <input
              name="q"
              type="search"
              defaultValue={query}
              className="rounded-md border border-gray-300 px-3 py-2 font-normal text-gray-900"
            />
          </label>
          <Button type="submit" variant="secondary">
            Find
          </Button>
        </Form>
        <Link
          to={NEW_LINKS[tab].to}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {NEW_LINKS[tab].label}
        </Link>
      </div>
      <section aria-labelledby="seo-list-heading" className="mt-4">
        <h2 id="seo-list-heading" className="sr-only">
          {TAB_LABELS[tab]}
        </h2>
        {items.length === 0 ? (
          <p className="text-gray-700">{query ? `Nothing matches "${query}".` : "Nothing here yet."}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <SeoItem key={item.id} tab={tab} item={item} />
            ))}
          </ul>
        )}
        <Pager page={page} pages={pages} link={pageLink} />
      </section>
    </>
  );
}

function SeoItem({ tab, item }: { tab: SeoTab; item: Route.ComponentProps["loaderData"]["items"][number] }) {
  const { run } = useAction();
  const editTo =
    tab === "guide" ? `/admin/seo/guide?slug=${encodeURIComponent(item.id)}` : `/admin/seo/entry?id=${item.id}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{item.title}</p>
        <p className="text-sm">
          <Link to={item.path} className="break-all text-brand-800 hover:underline">
            {item.path}
          </Link>
        </p>
        <p className="mt-1 line-clamp-2 text-sm text-gray-700">{item.description}</p>
      </div>
      <div className="flex gap-2">
        <Link
          to={editTo}
          aria-label={`Edit ${item.path}`}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50"
        >
          Edit
        </Link>
        <ConfirmDialog
          title="Delete this entry?"
          body={
            tab === "guide" ? (
              <p>The guide at {item.path} will no longer be published.</p>
            ) : (
              <p>{item.path} goes back to its generated title and description.</p>
            )
          }
          confirmLabel="Delete"
          trigger={
            <Button variant="danger" aria-label={`Delete ${item.path}`}>
              Delete
            </Button>
          }
          onConfirm={() =>
            run(() =>
              outcome(
                tab === "guide"
                  ? api.DELETE("/seo/guides/{slug}", { params: { path: { slug: String(item.id) } } })
                  : api.DELETE("/seo/entries/{id}", { params: { path: { id: Number(item.id) } } }),
              ),
            )
          }
        />
      </div>
    </li>
  );
}
