import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client";

/** The words of a search, as the search documents hold them: lower case, accents removed. */
export function searchWords(terms: string): string[] {
  return terms
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

export interface KeywordQuery {
  /** Every word as typed, each a prefix: "velv" finds "velvet". */
  exact: string;
  /** The same, each word also allowing the known words one typo away. */
  tolerant: string;
  /**
   * The matches of `tolerant` with at least one word found only by a typo alternative (and
   * perhaps also as typed): the alternatives of one word with the others as in `tolerant`, for
   * each word that has them; null when none has (then `tolerant` is `exact`). A words index
   * finds them without reading every match of the words as typed.
   */
  typos: string | null;
}

const MIN_TYPO_LENGTH = 4;

/**
 * tsquery texts for a search: each word matches as a prefix, or, when the word is long
 * enough to misspell, as one of the nearest words any act's document holds (pg_trgm over
 * search_words): "velvit tones" finds The Velvet Tones. Words are [a-z0-9] only, so the
 * texts need no quoting.
 */
export async function keywordQuery(db: Executor, terms: string): Promise<KeywordQuery | null> {
  const words = searchWords(terms);
  if (words.length === 0) return null;
  const groups: string[] = [];
  const alternativesOf: string[][] = [];
  for (const word of words) {
    const alternatives = new Set([`${word}:*`]);
    if (word.length >= MIN_TYPO_LENGTH) {
      const near = (await db.execute(
        sql`select word from search_words where word % ${word} order by similarity(word, ${word}) desc limit 3`,
      )) as unknown as { rows: { word: string }[] };
      // A known word the prefix already finds adds nothing but a doubled estimate, which
      // would turn the planner from the index to a scan of every row.
      for (const { word: known } of near.rows)
        if (/^[a-z0-9]+$/.test(known) && !known.startsWith(word)) alternatives.add(known);
    }
    groups.push(`(${[...alternatives].join(" | ")})`);
    alternativesOf.push([...alternatives].slice(1));
  }
  const exact = words.map((word) => `${word}:*`).join(" & ");
  // No word has a typo alternative: one query serves both, and ranking runs once.
  const typos = groups.some((group) => group.includes(" | "));
  if (!typos) return { exact, tolerant: exact, typos: null };
  const byTypo = alternativesOf.flatMap((alternatives, i) =>
    alternatives.length
      ? [groups.map((group, j) => (j === i ? `(${alternatives.join(" | ")})` : group)).join(" & ")]
      : [],
  );
  return { exact, tolerant: groups.join(" & "), typos: byTypo.map((part) => `(${part})`).join(" | ") };
}
