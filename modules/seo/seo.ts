/** The page title and description rule: every page has its own, within search engines' lengths. */
export const FALLBACK_TITLE_NAME = "Entertainer Profile";
export const FALLBACK_DESCRIPTION = "EVA Entertainer";

export interface PageSeo {
  title: string;
  description: string;
}

export function actPageSeo(
  appName: string,
  act: { name: string | null; description: string | null },
  curated: PageSeo | null,
): PageSeo {
  if (curated) return { title: curated.title, description: curated.description };
  return {
    title: `${appName} - ${act.name || FALLBACK_TITLE_NAME}`,
    description: act.description || FALLBACK_DESCRIPTION,
  };
}

/**
 * Where search engines cut a result (about 600 pixels of title and 920 of description on
 * a desktop result page, which is near these many characters of ordinary text).
 */
export const SERP_TITLE_CHARS = 60;
export const SERP_DESCRIPTION_CHARS = 160;
/** Shorter than this, a title or description says too little to be chosen from a result page. */
export const SERP_TITLE_MIN_CHARS = 20;
export const SERP_DESCRIPTION_MIN_CHARS = 70;

/** Text as a result page shows it: whole words up to `max` characters, then an ellipsis. */
export function serpCut(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** What an editor should know about a title and description before saving (never a refusal). */
export function seoWarnings(entry: { title: string; description: string }): string[] {
  const title = entry.title.trim().length;
  const description = entry.description.trim().length;
  const warnings: string[] = [];
  if (title > SERP_TITLE_CHARS)
    warnings.push(
      `The title has ${title} characters; search engines show about ${SERP_TITLE_CHARS}, so the end is cut.`,
    );
  if (title > 0 && title < SERP_TITLE_MIN_CHARS)
    warnings.push(`The title has ${title} characters; under ${SERP_TITLE_MIN_CHARS} it says little about the page.`);
  if (description > SERP_DESCRIPTION_CHARS)
    warnings.push(
      `The description has ${description} characters; search engines show about ${SERP_DESCRIPTION_CHARS}, so the end is cut.`,
    );
  if (description > 0 && description < SERP_DESCRIPTION_MIN_CHARS)
    warnings.push(
      `The description has ${description} characters; under ${SERP_DESCRIPTION_MIN_CHARS} engines often write their own.`,
    );
  return warnings;
}

/** Curated entries are for an act's profile or a listing page. */
export const SEO_ENTRY_KINDS = ["act", "listing"] as const;
export type SeoEntryKind = (typeof SEO_ENTRY_KINDS)[number];

/** The page an entry is for: an act url names /entertainment/{url}; a listing entry is keyed by its path. */
export function seoEntryPath(kind: SeoEntryKind, key: string): string {
  return kind === "act" ? `/entertainment/${key}` : key;
}

/** A listing page's path as an entry key: /hire/{tag slug}/{place slug}. */
export const LISTING_PATH_PATTERN = /^\/hire\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Paragraphs as an editor types them: separated by a blank line. */
export function paragraphsFromText(value: string): string[] {
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter(Boolean);
}

export function paragraphsToText(paragraphs: readonly string[]): string {
  return paragraphs.join("\n\n");
}

interface GuideBody {
  paragraphs: string[];
  sections: { heading: string; paragraphs: string[] }[];
}

/** A guide's body as one text: paragraphs apart by blank lines, a line "## Heading" opening a section. */
export function guideBodyFromText(value: string): GuideBody {
  const [opening = "", ...rest] = value.split(/^##[ \t]+/m);
  return {
    paragraphs: paragraphsFromText(opening),
    sections: rest.map((part) => {
      const newline = part.indexOf("\n");
      const heading = (newline < 0 ? part : part.slice(0, newline)).trim();
      return { heading, paragraphs: newline < 0 ? [] : paragraphsFromText(part.slice(newline + 1)) };
    }),
  };
}

export function guideBodyToText(body: GuideBody): string {
  return [
    paragraphsToText(body.paragraphs),
    ...body.sections.map((section) => `## ${section.heading}\n\n${paragraphsToText(section.paragraphs)}`),
  ]
    .filter(Boolean)
    .join("\n\n");
}

/** A guide's links, one a line: "Label | /path". */
export function guideLinksFromText(value: string): { label: string; path: string }[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bar = line.lastIndexOf("|");
      return bar < 0
        ? { label: line, path: "" }
        : { label: line.slice(0, bar).trim(), path: line.slice(bar + 1).trim() };
    });
}

export function guideLinksToText(links: readonly { label: string; path: string }[]): string {
  return links.map((link) => `${link.label} | ${link.path}`).join("\n");
}
