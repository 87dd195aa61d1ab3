import { createHash } from "node:crypto";

/**
 * Every statement a server's pool sends with arguments, named after its text, so that
 * node-postgres parses it once per connection and PostgreSQL may keep its plan (issue 67: "statements
 * planned anew each time"). Sent unnamed, a message's POST spent about half of each statement's
 * time in PostgreSQL's parse and plan: its p50 fell from 9.8 to 7.8 ms named.
 *
 * Two kinds stay unnamed:
 * - a statement without arguments: it may hold several statements, which only the simple protocol
 *   runs, and it is rarely sent twice (migrations, DDL);
 * - a statement that reads the search rows (`act_search`): its best plan turns on the words,
 *   places and filters asked (decision 0057), and a plan kept for one word (PostgreSQL's generic
 *   plan, tried after five runs) could read a million rows for another. One that starts with
 *   `ONE_PLAN` is named all the same: it reads them by index for ids it was given, the one plan
 *   whatever they are.
 *
 * At most `MAX_NAMED` texts are named, process-wide: a statement whose text varies with its input
 * (a list of ids, each length a text) must not grow every connection's prepared statements without end.
 */
export const MAX_NAMED = 2_000;

const VALUE_PLANNED = /\bact_search\b/;

/** The start of a statement that reads the search rows one way whatever its arguments: it is named. */
export const ONE_PLAN = "/* one plan */ ";

export interface StatementNamer {
  /** The arguments of a `client.query` call, with a name added where it should have one. */
  name(args: unknown[]): unknown[];
}

export function createStatementNamer(maxNamed = MAX_NAMED): StatementNamer {
  const names = new Map<string, string | null>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= maxNamed) return null;
    const name =
      VALUE_PLANNED.test(text) && !text.startsWith(ONE_PLAN)
        ? null
        : `eva_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  return {
    name(args) {
      const [config, values] = args;
      if (typeof config !== "object" || config === null || !Array.isArray(values) || values.length === 0) return args;
      const { name, text } = config as { name?: unknown; text?: unknown };
      if (name || typeof text !== "string") return args;
      const given = nameOf(text);
      return given ? [{ ...config, name: given }, ...args.slice(1)] : args;
    },
  };
}
