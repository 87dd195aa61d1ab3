import { z } from "zod";
import type { ActFact } from "./facts/act-fact";
import { LANGUAGES } from "./facts/languages";

/**
 * Every fact an act's artist chooses from a list (facts/act-fact.ts). A fact declared here is
 * stored, searched, counted, shown and edited with no other change: the search filter, the SQL
 * that builds an act's search row, the answers and the forms are all made from this list.
 */
export const ACT_FACTS = [LANGUAGES] as const;
export type ActFactKey = (typeof ACT_FACTS)[number]["key"];
export const ACT_FACT_KEYS: readonly ActFactKey[] = ACT_FACTS.map((fact) => fact.key);

type FactValue<Key extends ActFactKey> = Extract<(typeof ACT_FACTS)[number], { key: Key }>["values"][number];

/** An act's facts as answers give them: every declared fact, empty when the act chose none. */
export type ActFacts = { [Key in ActFactKey]: FactValue<Key>[] };

export const tooManyChosen = (fact: ActFact) => `Choose at most ${fact.max} ${fact.label.toLowerCase()}`;

const chosenValues = (fact: ActFact) =>
  z
    .array(z.enum(fact.values, { error: `Choose ${fact.label.toLowerCase()} from the list` }), {
      error: "Must be a list",
    })
    .max(fact.max, tooManyChosen(fact))
    .transform((values) => [...new Set(values)]);

// The schemas below are built from the list at run time, so TypeScript cannot follow their shape:
// each is cast once to the type the declarations give (ActFacts).
const byKey = <T>(make: (fact: ActFact) => T) => Object.fromEntries(ACT_FACTS.map((fact) => [fact.key, make(fact)]));

/** The facts a write changes: a fact left out keeps what the act has. */
export const actFactsInputSchema = (
  z.object(byKey(chosenValues)).partial() as unknown as z.ZodType<Partial<ActFacts>>
).describe("Facts chosen from fixed lists (languages performed in); a fact left out is unchanged");

/** An act's facts in answers: every declared fact, each in its list's order. */
export const actFactsSchema = (
  z.object(byKey((fact) => z.array(z.enum(fact.values)))) as unknown as z.ZodType<ActFacts>
).describe("Facts the act's artist chose from fixed lists, such as the languages it performs in");

/** An act's facts as stored (its `facts` column), as answers give them: declared facts and values only. */
export function actFactsOf(stored: Readonly<Record<string, unknown>> | null | undefined): ActFacts {
  return byKey((fact) => {
    const values = stored?.[fact.key];
    return Array.isArray(values) ? fact.values.filter((value) => values.includes(value)) : [];
  }) as ActFacts;
}

/** The lines a card and the profile show, one per fact the act has, in the list's order. */
export function actFactLines(facts: ActFacts): string[] {
  return ACT_FACTS.filter((fact) => facts[fact.key].length > 0).map((fact) => fact.line(facts[fact.key]));
}
