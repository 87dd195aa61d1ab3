/** What a page needs of an act to put it in front of planners who did not ask for it. */
interface Presentable {
  avatar: string | null;
  headline: string | null;
  location: string | null;
}

/**
 * Whether an act may fill a row that promotes acts (the home page's): a photo, a headline and a
 * city. An act without them is still found by search; it is not put forward as a blank tile.
 */
export function isShowcaseReady(act: Presentable): boolean {
  return Boolean(act.avatar && act.headline?.trim() && act.location?.trim());
}

/** Words a name's initials skip: "The Velvet Tones" is VT, "DJ Nova" is DN. */
const SKIPPED = new Set(["the", "a", "an", "and", "of", "&"]);

/** Up to two initials for an act without a photo: "The Velvet Tones" is "VT". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !SKIPPED.has(word.toLowerCase()));
  return (words.length ? words : [name])
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}
