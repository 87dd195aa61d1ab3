import { LIMITS } from "./limits";

/** Clamps any number to the 1-to-5 star scale; NaN counts as the lowest star. */
export function clampRating(value: number): number {
  if (Number.isNaN(value)) return LIMITS.ratingMin;
  return Math.min(LIMITS.ratingMax, Math.max(LIMITS.ratingMin, value));
}

/** Average of the clamped ratings to one decimal, or null when there are none. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, rating) => total + clampRating(rating), 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

export function formatAverage(average: number | null): string | null {
  return average === null ? null : average.toFixed(1);
}

export type RatingDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

/** How many reviews gave each whole star, after clamping and rounding. */
export function ratingDistribution(ratings: readonly number[]): RatingDistribution {
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const rating of ratings) {
    const star = Math.round(clampRating(rating)) as keyof RatingDistribution;
    distribution[star] += 1;
  }
  return distribution;
}

/**
 * How every review names its reviewer: the first name and the initial of the last ("Megan
 * Rodriguez" is "Megan R."), whoever wrote it, so that a planner's full name never shows next
 * to reviews that read "Megan R.". A single name, or a couple's first names ("Chris and
 * Dana"), stays as it is.
 */
export function reviewerShownName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.some((word) => /^(and|&)$/i.test(word))) return words.join(" ");
  const last = words[words.length - 1]!;
  return `${words[0]} ${last.charAt(0).toUpperCase()}.`;
}

/** How a review came to be (a planner who booked the act, or an admin), as its label says. */
export const REVIEW_SOURCES = ["booking", "admin"] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** A review's label: "Verified booking · Wedding · June 2027", or "Added by EVA · {the admin's reason}". */
export function reviewSourceLabel(
  review: {
    source: ReviewSource;
    event_type?: string | null;
    event_month?: string | null;
    source_note?: string | null;
  },
  appName: string,
): string {
  if (review.source === "admin") return [`Added by ${appName}`, review.source_note].filter(Boolean).join(" · ");
  return ["Verified booking", review.event_type, review.event_month].filter(Boolean).join(" · ");
}

/** How long the act's artist may change its answer to a review after posting it. */
export const REVIEW_ANSWER_EDIT_HOURS = 24;

/** Whether an answer posted at `postedAt` may still be changed at `now`. */
export function reviewAnswerEditable(postedAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(postedAt).getTime() < REVIEW_ANSWER_EDIT_HOURS * 3_600_000;
}
