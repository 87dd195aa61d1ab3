/**
 * A fact an act's artist states about it by choosing from a fixed list (the languages it performs
 * in). Declared once, it is stored in the act's `facts` column, filtered and counted by the search
 * as one of its lists, shown on result cards and the profile, and chosen on the profile editor.
 */
export interface ActFact<Key extends string = string, Value extends string = string> {
  /** The search filter's list (`/search?languages[]=Spanish`) and the key in answers and writes. */
  key: Key;
  /** What the list is called, on the search form and the profile editor. */
  label: string;
  values: readonly [Value, ...Value[]];
  /** How many values an act may choose. */
  max: number;
  /** The line a card and the profile show, given the act's values (at least one). */
  line(values: readonly Value[]): string;
}

/** Keeps a fact's key and values literal types, so the search filter, answers and forms name them. */
export function defineActFact<const Key extends string, const Value extends string>(
  fact: ActFact<Key, Value>,
): ActFact<Key, Value> {
  return fact;
}

/** "Spanish, French, and English": values as a sentence says them (en-US, with its serial comma). */
export function listInWords(values: readonly string[]): string {
  return new Intl.ListFormat("en-US", { style: "long", type: "conjunction" }).format(values);
}
