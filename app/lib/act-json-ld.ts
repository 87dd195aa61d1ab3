import type { ActProfile } from "#modules/acts/act-profile";

/**
 * The last structured data made of each act object, by its address and image. A profile is the
 * same object on every request of the same data while it is recent (app/lib/packed-json.ts), so
 * its page's head gets the same object, whose JSON the guest document writes once.
 */
const made = new WeakMap<ActProfile, { url: string; image: string | null; data: ReturnType<typeof actJsonLdOf> }>();

/** schema.org data for search engines: the act, its rating and its reviews. Never changed by its reader. */
export function actJsonLd(act: ActProfile, url: string, image: string | null) {
  const known = made.get(act);
  if (known && known.url === url && known.image === image) return known.data;
  const data = actJsonLdOf(act, url, image);
  made.set(act, { url, image, data });
  return data;
}

function actJsonLdOf(act: ActProfile, url: string, image: string | null) {
  const { average, count } = act.reviewSummary;
  return {
    "@context": "https://schema.org",
    "@type": act.musical ? "MusicGroup" : "PerformingGroup",
    name: act.name,
    url,
    ...(act.description ? { description: act.description } : {}),
    ...(image ? { image } : {}),
    ...(act.location ? { location: { "@type": "Place", name: act.location } } : {}),
    ...(average !== null && count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average.toFixed(1),
            reviewCount: count,
            bestRating: 5,
            worstRating: 1,
          },
          review: act.entertainerReviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.body,
            datePublished: review.created_at.slice(0, 10),
            author: { "@type": "Person", name: review.reviewer_name ?? "Verified planner" },
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
