import { createHash } from "node:crypto";

/** What the kept markup of one server may hold in all, in UTF-16 code units (about bytes x 2). */
const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;

/**
 * Markup rendered once per distinct input and kept in this process (decision 0021). A part of a
 * page whose markup is a pure function of a small, serialisable input (the profile's sections:
 * the act as the viewer may see it, and what the viewer may do) is rendered the first time that
 * input is seen and then reused for every request that brings the same input, whoever asks.
 *
 * The key is the input itself (a hash of its JSON), not a version number kept elsewhere, so a
 * kept copy can never outlive a change: a changed act, a different role's abilities or another
 * planner's events are another input, and another markup. Nothing needs to be told of changes;
 * what is no longer asked for falls out of the cache, oldest first, past its size.
 */
export interface MarkupKeeper {
  /** The markup of `name` for `input`: kept, or made by `render` and kept. */
  markup(name: string, input: unknown, render: () => string): string;
  /** How many are kept and how big they are, for tests and the bench. */
  size(): { entries: number; chars: number };
}

export function createMarkupKeeper(maxChars = DEFAULT_MAX_CHARS): MarkupKeeper {
  const kept = new Map<string, string>();
  let chars = 0;
  return {
    markup(name, input, render) {
      const key = `${name}:${createHash("sha256").update(JSON.stringify(input) ?? "undefined").digest("base64")}`;
      const known = kept.get(key);
      if (known !== undefined) {
        // Most recently used last, so the oldest unused is dropped first.
        kept.delete(key);
        kept.set(key, known);
        return known;
      }
      const made = render();
      if (made.length > maxChars) return made;
      kept.set(key, made);
      chars += made.length;
      for (const [oldest, value] of kept) {
        if (chars <= maxChars) break;
        kept.delete(oldest);
        chars -= value.length;
      }
      return made;
    },
    size: () => ({ entries: kept.size, chars }),
  };
}
