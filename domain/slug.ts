/** A url-safe slug of a display name, for act, event and user urls. */
export function slugify(value: string): string {
  const slug = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "item";
}

/** A slug with a short random suffix, unique enough to retry on the rare collision. */
export function uniqueSlug(value: string): string {
  const suffix = Math.random().toString(36).slice(2, 8).padEnd(6, "0");
  return `${slugify(value)}-${suffix}`;
}

/**
 * The first of `base`, `base-2`, `base-3`, … that is not taken: an act's address is its name,
 * with a number only when another act has that name already.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
