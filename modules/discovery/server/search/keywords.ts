import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { jsonColumn } from "#server/db/json-column";
import { rowsOf } from "#server/db/rows-of";

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
  /**
   * Every word as typed, each a prefix ("velv" finds "velvet"), as the documents' index is asked:
   * a prefix that stands for a few known words is those words ("(velvet | velvets)"), which the
   * index can skip through beside another word's acts (decision 63); else "velv:*".
   */
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
  /**
   * `exact` and `tolerant` with each word a prefix ("velv:*"), for ranking: a prefix and the
   * words it stands for find the same acts, but ts_rank weighs each word of a query apart, so
   * ranks are read from the prefixes, as they were before the words were looked up.
   */
  ranked: { exact: string; tolerant: string };
}

const MIN_TYPO_LENGTH = 4;
/** A typed word that begins more known words than this is asked for as a prefix. */
export const WORDS_PER_PREFIX = 16;

/** One typed word's prefix and the known words one typo away, as the documents' index is asked. */
interface WordForms {
  /** "velv:*" or the known words it begins, "(velvet | velvets)". */
  indexed: string;
  prefix: string;
  typos: string[];
}

/**
 * tsquery texts for a search: each word matches as a prefix, or, when the word is long
 * enough to misspell, as one of the nearest words any act's document holds (pg_trgm over
 * search_words): "velvit tones" finds The Velvet Tones. Words are [a-z0-9] only, so the
 * texts need no quoting. One statement reads every word's known words and typo alternatives.
 */
export async function keywordQuery(db: Executor, terms: string): Promise<KeywordQuery | null> {
  const words = searchWords(terms);
  if (words.length === 0) return null;
  const forms = await wordForms(db, words);
  const indexed = queryTexts(forms.map(({ indexed, typos }) => ({ main: indexed, typos })));
  const ranked = queryTexts(forms.map(({ prefix, typos }) => ({ main: prefix, typos })));
  return { ...indexed, ranked: { exact: ranked.exact, tolerant: ranked.tolerant } };
}

async function wordForms(db: Executor, words: string[]): Promise<WordForms[]> {
  // Words are [a-z0-9] only; each is quoted all the same, since the array's text reads a bare
  // "null" as no word at all.
  const rows = await rowsOf<{ lexemes: unknown; near: unknown }>(
    db.execute(sql`select
        to_json(array(select l.word from search_lexemes l where l.word >= t.word collate "C"
          order by l.word limit ${WORDS_PER_PREFIX + 1})) as lexemes,
        to_json(case when length(t.word) >= ${MIN_TYPO_LENGTH} then array(select s.word from search_words s
          where s.word % t.word order by similarity(s.word, t.word) desc limit 3) else '{}'::text[] end) as near
      from unnest(${`{${words.map((word) => `"${word}"`).join(",")}}`}::text[]) with ordinality t(word, i) order by t.i`),
  );
  return words.map((word, i) => {
    const prefix = `${word}:*`;
    // The known words in byte order from the word on: those that begin with it are all of them
    // when fewer than were asked for. A hyphenated word ("close-up") adds no act: every document
    // that holds it holds its parts, "close" among them. A word of other characters (a host, a
    // number with a point) would be parsed apart in a query's text: the prefix finds it as it is.
    const begun = jsonColumn<string[]>(rows[i]?.lexemes ?? []).filter((known) => known.startsWith(word));
    const plain = begun.filter((known) => !HYPHENATED.test(known));
    const stands = plain.length > 0 && begun.length <= WORDS_PER_PREFIX && plain.every((known) => WORD.test(known));
    // A known word the prefix already finds adds nothing but a doubled estimate, which
    // would turn the planner from the index to a scan of every row.
    const typos = jsonColumn<string[]>(rows[i]?.near ?? []).filter(
      (known) => WORD.test(known) && !known.startsWith(word),
    );
    return { indexed: stands ? anyOf(plain) : prefix, prefix, typos };
  });
}

const WORD = /^[a-z0-9]+$/;
/** What the search documents' parser splits into its parts as well as keeping whole. */
const HYPHENATED = /^[a-z0-9]+(-[a-z0-9]+)+$/;
const anyOf = (texts: string[]) => (texts.length === 1 ? texts[0]! : `(${texts.join(" | ")})`);

/** A search's texts from each word's main form and its typo alternatives. */
function queryTexts(words: { main: string; typos: string[] }[]): Omit<KeywordQuery, "ranked"> {
  const exact = words.map(({ main }) => main).join(" & ");
  // No word has a typo alternative: one query serves both, and ranking runs once.
  if (words.every(({ typos }) => typos.length === 0)) return { exact, tolerant: exact, typos: null };
  const groups = words.map(({ main, typos }) => (typos.length ? `(${[main, ...typos].join(" | ")})` : `(${main})`));
  const byTypo = words.flatMap(({ typos }, i) =>
    typos.length ? [groups.map((group, j) => (j === i ? `(${typos.join(" | ")})` : group)).join(" & ")] : [],
  );
  return { exact, tolerant: groups.join(" & "), typos: byTypo.map((part) => `(${part})`).join(" | ") };
}
