/** Past this many remembered tags, forget them all and start afresh (everything is read again once). */
const MAX_REMEMBERED_TAGS = 50_000;

/** What a kept value depends on: some tags ("act:<url>", "user:<id>"), or any act at all ("*"). */
export type Dependencies = readonly string[] | "*";

/** The tags whose change a "*" value hears: every act's. */
const ANY_ACT = "act:";

/**
 * Counts the changes a cache hears of, by tag, so that a value can be kept with the count at
 * which its read began and checked later: it is fresh while nothing it depends on changed since.
 * Taking the count before the read, not after, means a change that lands during the read makes
 * the value stale at once.
 */
export class ChangeClock {
  #count = 0;
  #everythingChangedAt = 0;
  #anyActChangedAt = 0;
  readonly #changedAt = new Map<string, number>();

  /** The count now: take it before reading what is to be kept. */
  now(): number {
    return this.#count;
  }

  /** One thing changed. */
  changed(tag: string): void {
    this.#count += 1;
    this.#changedAt.set(tag, this.#count);
    if (tag.startsWith(ANY_ACT)) this.#anyActChangedAt = this.#count;
    if (this.#changedAt.size > MAX_REMEMBERED_TAGS) this.changedEverything();
  }

  /** Moves the count on without a tag: a mark that what is read after it began after now. */
  changedLocally(): void {
    this.#count += 1;
  }

  /** Anything may have changed: nothing read before now is fresh. */
  changedEverything(): void {
    this.#count += 1;
    this.#everythingChangedAt = this.#count;
    this.#anyActChangedAt = this.#count;
    this.#changedAt.clear();
  }

  /** Whether a value read from `readAt` on is still true. */
  isFresh(readAt: number, dependsOn: Dependencies): boolean {
    if (readAt < this.#everythingChangedAt) return false;
    if (dependsOn === "*") return readAt >= this.#anyActChangedAt;
    return dependsOn.every((tag) => (this.#changedAt.get(tag) ?? 0) <= readAt);
  }
}
