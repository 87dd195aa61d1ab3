import { z } from "@hono/zod-openapi";
import { MESSAGES } from "#domain/messages";
import { messageResultSchema } from "#domain/resources/results";
import { guideSchema, seoEntrySchema } from "#modules/seo/schemas";
import { pathSegmentSchema, text } from "#domain/schemas/fields";
import { SEO_ENTRY_KINDS, seoEntryPath, seoWarnings } from "#modules/seo/seo";
import { notFound } from "#server/errors";
import {
  createGuide,
  createSeoEntry,
  deleteGuide,
  deleteSeoEntry,
  findGuide,
  findSeoEntry,
  listGuides,
  listSeoEntries,
  SEO_PAGE_SIZE,
  updateGuide,
  updateSeoEntry,
  type Guide,
  type SeoEntry,
} from "../seo";
import { adminOnly } from "#server/api/guards";
import { apiRoute, errorResponses } from "#server/api/route-docs";
import { createRouter, idParam } from "#server/api/router";

const TAGS = ["Search-engine copy"];

const entryOut = z
  .object({
    id: z.number().int(),
    kind: z.enum(SEO_ENTRY_KINDS),
    key: z.string(),
    path: z.string(),
    title: z.string(),
    description: z.string(),
    intro: z.array(z.string()),
    warnings: z.array(z.string()),
    updated_at: z.string(),
  })
  .openapi("SeoEntry", {
    description: "A curated title and description of an act's profile or of a listing page",
    example: {
      id: 4,
      kind: "listing",
      key: "/entertainment/wedding-bands/chicago-il",
      path: "/entertainment/wedding-bands/chicago-il",
      title: "Wedding Bands in Chicago, IL",
      description: "Compare verified wedding bands in Chicago: reviews, videos and offerings.",
      intro: ["Chicago's wedding bands play everything from Motown to modern pop."],
      warnings: [],
      updated_at: "2026-11-24T11:11:33.909Z",
    },
  });
const guideOut = z
  .object({
    slug: z.string(),
    path: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    paragraphs: z.array(z.string()),
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
    links: z.array(z.object({ label: z.string(), path: z.string() })),
    warnings: z.array(z.string()),
    updated_at: z.string(),
  })
  .openapi("Guide", {
    description: "A long-form page at /guides/{slug}",
    example: {
      slug: "booking-a-keynote-speaker",
      path: "/guides/booking-a-keynote-speaker",
      title: "Booking a keynote speaker",
      description: "How to brief a keynote speaker and what to agree on before the day.",
      paragraphs: ["A keynote sets the tone of a whole conference."],
      sections: [
        { heading: "Write a brief worth answering", paragraphs: ["Tell the speaker who will be in the room."] },
      ],
      links: [{ label: "Browse speakers", path: "/search?actTypes[]=Keynote%20Speaker" }],
      warnings: [],
      updated_at: "2026-11-24T11:11:33.909Z",
    },
  });

const entryJson = (entry: SeoEntry): z.infer<typeof entryOut> => ({
  id: entry.id,
  kind: entry.kind,
  key: entry.key,
  path: seoEntryPath(entry.kind, entry.key),
  title: entry.title,
  description: entry.description,
  intro: entry.intro,
  warnings: seoWarnings(entry),
  updated_at: entry.updatedAt.toISOString(),
});
const guideJson = (guide: Guide): z.infer<typeof guideOut> => ({
  slug: guide.slug,
  path: `/guides/${guide.slug}`,
  title: guide.title,
  description: guide.description,
  paragraphs: guide.paragraphs,
  sections: guide.sections,
  links: guide.links,
  warnings: seoWarnings({ title: guide.title, description: guide.description ?? guide.paragraphs[0] ?? "" }),
  updated_at: guide.updatedAt.toISOString(),
});

const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const body = <S extends z.ZodType>(schema: S) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const slugParam = z.object({
  slug: pathSegmentSchema().openapi({ param: { name: "slug", in: "path" }, example: "choosing-a-wedding-band" }),
});
const entryId = idParam("id");

export const seoRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/seo/entries",
      tags: TAGS,
      summary: "Curated entries of one kind, by key, 50 a page; `q` narrows to keys or titles containing it",

      request: {
        query: z.object({
          kind: z.enum(SEO_ENTRY_KINDS).default("act"),
          q: text().max(200).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
      },
      responses: {
        200: json(
          z.object({
            data: z.array(entryOut),
            meta: z.object({ total: z.number().int(), page: z.number().int(), pages: z.number().int() }),
          }),
          "Entries",
        ),
        ...errorResponses(401, 403, 422),
      },
    }),
    async (c) => {
      const { kind, q, page } = c.req.valid("query");
      const { entries, total } = await listSeoEntries(c.get("db"), kind, q?.trim() ?? "", page);
      return c.json(
        { data: entries.map(entryJson), meta: { total, page, pages: Math.max(1, Math.ceil(total / SEO_PAGE_SIZE)) } },
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [adminOnly],
      path: "/seo/entries",
      tags: TAGS,
      summary: "Add a curated entry for an act or a listing page",
      request: body(seoEntrySchema),
      responses: { 201: json(z.object({ data: entryOut }), "Created"), ...errorResponses(400, 401, 403, 409, 422) },
    }),
    async (c) => c.json({ data: entryJson(await createSeoEntry(c.get("db"), c.req.valid("json"))) }, 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/seo/entries/{id}",
      tags: TAGS,
      summary: "One curated entry",
      request: { params: entryId },
      responses: { 200: json(z.object({ data: entryOut }), "The entry"), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const entry = await findSeoEntry(c.get("db"), c.req.valid("param").id);
      if (!entry) throw notFound("No such curated entry");
      return c.json({ data: entryJson(entry) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      middleware: [adminOnly],
      path: "/seo/entries/{id}",
      tags: TAGS,
      summary: "Replace a curated entry",
      request: { params: entryId, ...body(seoEntrySchema) },
      responses: { 200: json(z.object({ data: entryOut }), "Saved"), ...errorResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json({ data: entryJson(await updateSeoEntry(c.get("db"), c.req.valid("param").id, c.req.valid("json"))) }, 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      middleware: [adminOnly],
      path: "/seo/entries/{id}",
      tags: TAGS,
      summary: "Delete a curated entry: the page goes back to its generated title and description",
      request: { params: entryId },
      responses: {
        200: json(z.object({ data: messageResultSchema }), "Deleted"),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      await deleteSeoEntry(c.get("db"), c.req.valid("param").id);
      return c.json({ data: { message: MESSAGES.seoEntryDeleted } }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/seo/guides",
      tags: TAGS,
      summary: "Every guide, by title",
      responses: { 200: json(z.object({ data: z.array(guideOut) }), "Guides"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json({ data: (await listGuides(c.get("db"))).map(guideJson) }, 200),
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [adminOnly],
      path: "/seo/guides",
      tags: TAGS,
      summary: "Publish a guide at /guides/{slug}",
      request: body(guideSchema),
      responses: { 201: json(z.object({ data: guideOut }), "Created"), ...errorResponses(400, 401, 403, 409, 422) },
    }),
    async (c) => c.json({ data: guideJson(await createGuide(c.get("db"), c.req.valid("json"))) }, 201),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [adminOnly],
      path: "/seo/guides/{slug}",
      tags: TAGS,
      summary: "One guide",
      request: { params: slugParam },
      responses: { 200: json(z.object({ data: guideOut }), "The guide"), ...errorResponses(400, 401, 403, 404) },
    }),
    async (c) => {
      const guide = await findGuide(c.get("db"), c.req.valid("param").slug);
      if (!guide) throw notFound("No such guide");
      return c.json({ data: guideJson(guide) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "put",
      middleware: [adminOnly],
      path: "/seo/guides/{slug}",
      tags: TAGS,
      summary: "Replace a guide; a new slug moves it",
      request: { params: slugParam, ...body(guideSchema) },
      responses: { 200: json(z.object({ data: guideOut }), "Saved"), ...errorResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json({ data: guideJson(await updateGuide(c.get("db"), c.req.valid("param").slug, c.req.valid("json"))) }, 200),
  )
  .openapi(
    apiRoute({
      method: "delete",
      middleware: [adminOnly],
      path: "/seo/guides/{slug}",
      tags: TAGS,
      summary: "Delete a guide",
      request: { params: slugParam },
      responses: {
        200: json(z.object({ data: messageResultSchema }), "Deleted"),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      await deleteGuide(c.get("db"), c.req.valid("param").slug);
      return c.json({ data: { message: MESSAGES.guideDeleted } }, 200);
    },
  );
