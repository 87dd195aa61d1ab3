import type { ActSearchPage } from "./answers";

/** What a search's results say of their number: an estimated total says "About" (decision 43). */
export function foundLine({ total, totalEstimated }: Pick<ActSearchPage["meta"], "total" | "totalEstimated">): string {
  const acts = `${total === 1 ? "entertainer" : "entertainers"} found`;
  return totalEstimated ? `About ${total.toLocaleString("en-US")} ${acts}` : `${total} ${acts}`;
}
