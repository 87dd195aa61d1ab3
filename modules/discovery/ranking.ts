// What "Recommended" and "Best match" weigh (issue 66), in words anyone can read: the search page
// says it, and an act's insights say which of it the act can improve. The order itself is
// search-acts.ts's orderBy; these words follow it and must change with it.

export const RANKING_FACTORS = [
  {
    key: "completeness",
    title: "A complete profile",
    text: "Only approved acts with a complete profile are listed at all: a headline, a description, a home city, a photo and tags.",
  },
  {
    key: "distance",
    title: "Distance",
    text: "Searching near a place, acts based there come before acts that also play there, and acts farther than your radius are not listed.",
  },
  {
    key: "reviews",
    title: "Reviews",
    text: "Then acts with a higher average rating from planners who booked them, and then more reviews.",
  },
  {
    key: "response",
    title: "Response",
    text: "With words, acts that match them best come first; among equal matches, acts that answer more planners within 24 hours, and sooner.",
  },
  {
    key: "featured",
    title: "Featured",
    text: "Acts our team features come first within each of these; nobody can pay to rank higher otherwise.",
  },
] as const;
export type RankingFactor = (typeof RANKING_FACTORS)[number]["key"];

export const RANKING_SUMMARY =
  "Recommended weighs reviews, response, completeness and distance. How results are ordered:";
