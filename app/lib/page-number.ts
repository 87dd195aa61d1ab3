/** The `page` a list's URL asks for: a whole number from 1 to 10,000, 1 when absent or junk. */
export function pageNumber(url: URL): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
}
