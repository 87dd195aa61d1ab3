import type { ProfileDocument, ProfilePackage, ProfileTestimonial, ProfileVideo } from "../act-profile";
import type { ReviewSource } from "#domain/ratings";
import { ACT_TAG_RELATIONS, type ActTagRelation, type Tag, type TagType } from "#domain/tags";
import type { PageSeo } from "#modules/seo/seo";
import type { Executor } from "#server/db/client";
import { preparedStatement } from "#server/db/prepared-statement";
import { jsonColumn } from "#server/db/json-column";
import { rowFromJson } from "#server/db/json-row";
import { acts } from "./tables";
import { isUnsafeText } from "#domain/schemas/fields";
import { cachedRead, type ReadCache } from "#server/cache/cached-read";

interface SectionRows {
  locations: { location: string }[];
  tags: { id: number; name: string; type: string; relation: string }[];
  images: { id: number; path: string }[];
  videos: ProfileVideo[];
  packages: (Omit<ProfilePackage, "eventTypes"> & { eventTypes: { id: number; name: string; type: string }[] })[];
  testimonials: ProfileTestimonial[];
  reviews: {
    id: number;
    rating: number;
    title: string;
    body: string;
    reviewer_name: string | null;
    allow_reviewer_name: boolean;
    created_at: string;
    source: ReviewSource;
    event_type: string | null;
    event_month: string | null;
    source_note: string | null;
    reply_edited_at: string | null;
    reply_body: string | null;
    reply_created_at: string | null;
  }[];
  documents: ProfileDocument[];
  seo: PageSeo | null;
  response: { response_rate: number; response_time_hours: number | null } | null;
}

/** An act's row with its profile's sections, as one kept read. */
export type ActPage = NonNullable<Awaited<ReturnType<typeof readActPage>>>;

/**
 * An act's row and its profile's sections, by the act's address, as every viewer sees them
 * (they hold nothing private: approved public documents only), kept until the act is notified:
 * every table they read notifies the act at commit (or every page, for a tag's new name), and an
 * act that moves notifies its old address too (docs/guides/caching.md). Its response facts are
 * written with a message, which notifies the act, or by the sweep, which notifies each act whose
 * figures it changed. What each viewer may see of it is decided per request, after.
 */
const actPages = cachedRead({
  name: "act-pages",
  maxEntries: 1_000,
  key: (url: string) => url,
  tags: (url) => [`act:${url}`],
  read: (db, url) => readActPage(db, url),
});

/** The act at this address with its profile's sections, kept or read; undefined when there is none. */
export function loadActPage(db: Executor, url: string, cache?: ReadCache): Promise<ActPage | undefined> {
  return actPages({ db, cache }, url);
}

/**
 * An act's row and every section of its profile in one statement, each section as a JSON list in
 * the order the page shows it. One round trip instead of one for the row and one per section,
 * prepared once per connection: parsing and planning its nine subqueries cost far more than
 * running them (server/db/prepared-statement.ts). A cold profile is one statement.
 */
const readActPageRow = preparedStatement(
  "act_page",
  `select to_jsonb(act) as act,
    (select coalesce(json_agg(json_build_object('location', l.location) order by l.rank), '[]'::json)
      from act_locations l where l.act_id = act.id) as locations,
    (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type, 'relation', at.relation) order by t.name, t.id, at.relation), '[]'::json)
      from act_tags at join tags t on t.id = at.tag_id where at.act_id = act.id) as tags,
    (select coalesce(json_agg(json_build_object('id', i.id, 'path', i.path) order by i.created_at, i.id), '[]'::json)
      from images i where i.act_id = act.id) as images,
    (select coalesce(json_agg(json_build_object('id', v.id, 'link', v.link, 'file_path', v.file_path) order by v.created_at, v.id), '[]'::json)
      from videos v where v.act_id = act.id) as videos,
    (select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title, 'description', p.description, 'rank', p.rank,
        'price_from_cents', p.price_from_cents, 'price_to_cents', p.price_to_cents,
        'instant', p.instant - 'signed_by' - 'signed_at',
        'eventTypes', (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'type', t.type) order by t.name, t.id), '[]'::json)
          from package_event_types pe join tags t on t.id = pe.tag_id where pe.package_id = p.id)) order by p.rank, p.id), '[]'::json)
      from packages p where p.act_id = act.id and p.deleted_at is null) as packages,
    (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'organization', t.organization, 'org_position', t.org_position, 'content', t.content, 'rank', t.rank) order by t.rank, t.id), '[]'::json)
      from testimonials t where t.act_id = act.id) as testimonials,
    (select coalesce(json_agg(json_build_object('id', r.id, 'rating', r.rating, 'title', r.title, 'body', r.body, 'reviewer_name', r.reviewer_name,
        'allow_reviewer_name', r.allow_reviewer_name, 'created_at', r.created_at, 'source', r.source, 'event_type', e.event_type,
        'event_month', to_char(e.starttime at time zone coalesce(pl.time_zone, 'UTC'), 'FMMonth YYYY'),
        'source_note', r.source_note,
        'reply_body', r.reply_body, 'reply_created_at', r.reply_created_at, 'reply_edited_at', r.reply_edited_at) order by r.created_at desc, r.id desc), '[]'::json)
      from reviews r left join events e on e.id = r.event_id left join places pl on pl.id = e.place_id where r.act_id = act.id) as reviews,
    (select coalesce(json_agg(json_build_object('id', d.id, 'title', d.title, 'file_path', d.file_path, 'file_path_raw', d.file_path_raw) order by d.created_at, d.id), '[]'::json)
      from documents d where d.act_id = act.id and d.is_public and d.approval = 'approved') as documents,
    (select json_build_object('title', e.title, 'description', e.description)
      from seo_entries e where e.key = act.url and e.kind = 'act') as seo,
    (select json_build_object('response_rate', s.response_rate, 'response_time_hours', s.response_hours)
      from act_search s where s.act_id = act.id and s.response_rate is not null) as response 
    from acts act where act.url = $1`,
);

async function readActPage(db: Executor, url: string) {
  // No act's address holds a NUL or a lone surrogate, and PostgreSQL's text cannot hold them.
  if (isUnsafeText(url)) return undefined;
  const found = (await readActPageRow(db, [url]))[0] as
    | (Record<keyof SectionRows, unknown> & { act: unknown })
    | undefined;
  if (!found) return undefined;
  const { act, ...columns } = found;
  const sections = Object.fromEntries(
    Object.entries(columns).map(([key, value]) => [key, jsonColumn(value)]),
  ) as unknown as SectionRows;

  const byRelation = Object.fromEntries(ACT_TAG_RELATIONS.map((relation) => [relation, [] as Tag[]])) as Record<
    ActTagRelation,
    Tag[]
  >;
  const all = new Map<number, Tag>();
  for (const tagRow of sections.tags) {
    const tag: Tag = { id: tagRow.id, name: tagRow.name, type: tagRow.type as TagType };
    byRelation[tagRow.relation as ActTagRelation]?.push(tag);
    if (!all.has(tag.id)) all.set(tag.id, tag);
  }
  return {
    act: rowFromJson(acts, act),
    sections: {
      locations: sections.locations,
      tags: { byRelation, all: [...all.values()] },
      images: sections.images,
      videos: sections.videos,
      packages: sections.packages.map((item) => ({
        ...item,
        eventTypes: item.eventTypes.map((tag) => ({ ...tag, type: tag.type as TagType })),
      })),
      testimonials: sections.testimonials,
      reviews: sections.reviews.map((review) => ({ ...review, created_at: new Date(review.created_at).toISOString() })),
      documents: sections.documents,
      /** The curated title and description of the page, if an admin or content/ wrote them. */
      seo: sections.seo,
      /** How the act answers messages (modules/conversations/server/response-facts.ts), until enough conversations: null. */
      response: sections.response,
    },
  };
}
