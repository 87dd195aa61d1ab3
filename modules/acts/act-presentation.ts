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
