import { data, redirect, type AppLoadContext } from "react-router";
import type { FieldErrors } from "#domain/api-error";
import {
  SEO_ENTRY_KINDS,
  guideBodyFromText,
  guideLinksFromText,
  paragraphsFromText,
  seoEntryPath,
  type SeoEntryKind,
} from "#modules/seo/seo";
import {
  countSeoContent,
  createGuide,
  createSeoEntry,
  findGuide,
  findSeoEntry,
  listGuides,
  listSeoEntries,
  SEO_PAGE_SIZE,
  updateGuide,
  updateSeoEntry,
} from "#modules/seo/server";
import { guideSchema, seoEntrySchema } from "#modules/seo/schemas";
import { notFound } from "#server/errors";
import { runCommand } from "#server/render/page-command";
import { requireAdmin } from "./admin.server";
import { pageNumber } from "../lib/page-number";

export type SeoTab = SeoEntryKind | "guide";
const TABS: readonly SeoTab[] = [...SEO_ENTRY_KINDS, "guide"];

/** /admin/seo: curated entries for act pages or listing pages, or the guides, with counts per tab. */
export async function loadSeoList(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const asked = url.searchParams.get("tab");
  const tab: SeoTab = TABS.includes(asked as SeoTab) ? (asked as SeoTab) : "act";
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = pageNumber(url);
  const saved = url.searchParams.get("saved")?.slice(0, 300) ?? null;
  const counts = await countSeoContent(context.db);
  if (tab === "guide") {
    const needle = query.toLowerCase();
    const guides = (await listGuides(context.db)).filter(
      (guide) => !needle || guide.slug.includes(needle) || guide.title.toLowerCase().includes(needle),
    );
    return {
      tab,
      query,
      saved,
      page: 1,
      pages: 1,
      counts,
      items: guides.map((guide) => ({
        id: guide.slug,
        path: `/guides/${guide.slug}`,
        title: guide.title,
        description: guide.description ?? guide.paragraphs[0] ?? "",
      })),
    };
  }
  const { entries, total } = await listSeoEntries(context.db, tab, query, page);
  return {
    tab,
    query,
    saved,
    page,
    pages: Math.max(1, Math.ceil(total / SEO_PAGE_SIZE)),
    counts,
    items: entries.map((entry) => ({
      id: String(entry.id),
      path: seoEntryPath(entry.kind, entry.key),
      title: entry.title,
      description: entry.description,
    })),
  };
}

/** The entry editor: ?id= edits one, otherwise a new entry of ?kind= (act by default). */
export async function loadSeoEntryEditor(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const id = url.searchParams.get("id");
  const { publicUrl } = context.config;
  if (id === null) {
    const kind: SeoEntryKind = url.searchParams.get("kind") === "listing" ? "listing" : "act";
    return {
      publicUrl,
      entry: {
        id: null,
        kind,
        key: url.searchParams.get("key") ?? "",
        title: "",
        description: "",
        intro: [] as string[],
      },
    };
  }
  const entry = /^\d{1,9}$/.test(id) ? await findSeoEntry(context.db, Number(id)) : null;
  if (!entry) throw data("No such curated entry", { status: 404 });
  return {
    publicUrl,
    entry: {
      id: entry.id,
      kind: entry.kind,
      key: entry.key,
      title: entry.title,
      description: entry.description,
      intro: entry.intro,
    },
  };
}

/** The guide editor: ?slug= edits one, otherwise a new guide. */
export async function loadGuideEditor(context: AppLoadContext, url: URL) {
  requireAdmin(context, url);
  const slug = url.searchParams.get("slug");
  const { publicUrl } = context.config;
  if (slug === null)
    return {
      publicUrl,
      guide: {
        slug: null,
        title: "",
        description: "",
        paragraphs: [] as string[],
        sections: [] as { heading: string; paragraphs: string[] }[],
        links: [] as { label: string; path: string }[],
      },
    };
  const guide = await findGuide(context.db, slug.slice(0, 200));
  if (!guide) throw data("No such guide", { status: 404 });
  return {
    publicUrl,
    guide: {
      slug: guide.slug,
      title: guide.title,
      description: guide.description ?? "",
      paragraphs: guide.paragraphs,
      sections: guide.sections,
      links: guide.links,
    },
  };
}

const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/** Saves the entry form through the API (which decides), then back to its tab. */
export async function saveSeoEntry(context: AppLoadContext, request: Request, url: URL) {
  requireAdmin(context, url);
  const form = await request.formData();
  const id = field(form, "id");
  const kind = field(form, "kind");
  const body = {
    kind,
    key: field(form, "key").trim(),
    title: field(form, "title"),
    description: field(form, "description"),
    intro: kind === "listing" ? paragraphsFromText(field(form, "intro")) : [],
  };
  // The API's commands, validated by the same schema (the admin is checked above, as the API's guard does).
  const result = await runCommand(context, seoEntrySchema, body, ({ db }, input) => {
    if (!id) return createSeoEntry(db, input);
    const entryId = Number(id);
    if (!Number.isSafeInteger(entryId) || entryId < 1) throw notFound("No such curated entry");
    return updateSeoEntry(db, entryId, input);
  });
  if (result.ok)
    return redirect(`/admin/seo?tab=${kind === "listing" ? "listing" : "act"}&saved=${encodeURIComponent(body.key)}`);
  const failure = result;
  const values = {
    kind: kind === "listing" ? ("listing" as const) : ("act" as const),
    key: body.key,
    title: body.title,
    description: body.description,
    intro: body.intro,
  };
  return { message: failure.message, errors: groupErrors(failure.errors, { intro: "intro" }), values };
}

/** Saves the guide form: its body text becomes paragraphs and sections, its link lines links. */
export async function saveGuide(context: AppLoadContext, request: Request, url: URL) {
  requireAdmin(context, url);
  const form = await request.formData();
  const original = field(form, "original");
  const body = {
    slug: field(form, "slug").trim(),
    title: field(form, "title"),
    description: field(form, "description"),
    ...guideBodyFromText(field(form, "body")),
    links: guideLinksFromText(field(form, "links")),
  };
  const result = await runCommand(context, guideSchema, body, ({ db }, input) =>
    original ? updateGuide(db, original.slice(0, 200), input) : createGuide(db, input),
  );
  if (result.ok) return redirect(`/admin/seo?tab=guide&saved=${encodeURIComponent(body.slug)}`);
  const failure = result;
  const values = {
    slug: body.slug,
    title: body.title,
    description: body.description,
    body: field(form, "body"),
    links: field(form, "links"),
  };
  return {
    message: failure.message,
    errors: groupErrors(failure.errors, { paragraphs: "body", sections: "body", links: "links" }),
    values,
  };
}

/**
 * The API names fields by their place in the JSON ("sections.1.heading"); the form has one
 * field for each list, so each message goes to that field and says which item it is about.
 */
function groupErrors(errors: FieldErrors, lists: Record<string, string>): FieldErrors {
  const grouped: FieldErrors = {};
  const ITEM: Record<string, string> = {
    paragraphs: "Paragraph",
    sections: "Section",
    links: "Link",
    intro: "Paragraph",
  };
  for (const [path, messages] of Object.entries(errors)) {
    const [head = "", index, ...rest] = path.split(".");
    const target = lists[head] ?? head;
    const where =
      index !== undefined && /^\d+$/.test(index)
        ? `${ITEM[head] ?? "Item"} ${Number(index) + 1}${rest[0] === "paragraphs" && rest[1] ? `, paragraph ${Number(rest[1]) + 1}` : ""}: `
        : "";
    (grouped[target] ??= []).push(...messages.map((message) => where + message));
  }
  return grouped;
}
