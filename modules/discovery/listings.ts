import type { ListKey } from "./search-filter";
import { slugify } from "#domain/slug";
import type { TagType } from "#domain/tags";

/** Listing pages /hire/{category}/{city}. */
export const LISTING_RADIUS_MILES = 50;
/** Below this many acts a listing page is noindex and out of the sitemap. */
export const MIN_INDEXABLE_ACTS = 3;

/** Which search filter list a tag of each type is found by. */
export const LIST_OF_TAG_TYPE: Record<TagType, ListKey> = {
  Genre: "styles",
  "Song Type": "songTypes",
  "Band Setup": "bandSetups",
  "Event Type": "eventTypes",
  "Variety Type": "actTypes",
  "Speaker Type": "actTypes",
};

/** A tag as a URL segment: "Hip Hop" is "hip-hop", "7+ Piece Band" is "7-piece-band". */
export function categorySlug(tagName: string): string {
  return slugify(tagName);
}

const IRREGULAR: Record<string, string> = { Solo: "Solo Performers", DJ: "DJs" };

/**
 * How a category reads in a title: acts that are a kind of act are named in the plural
 * ("Magicians", "DJs", "Trios"); a style, occasion or kind of song keeps its name and says
 * who ("Jazz Musicians", "Wedding Entertainers", "Ceremony Music").
 */
export function categoryLabel(tag: { name: string; type: TagType }): string {
  switch (tag.type) {
    case "Genre":
      return `${tag.name} Musicians`;
    case "Event Type":
      return `${tag.name} Entertainers`;
    case "Song Type":
      return tag.name;
    default:
      return IRREGULAR[tag.name] ?? (tag.name.endsWith("s") ? tag.name : `${tag.name}s`);
  }
}

/** A listing's title: "{Category plural or name} for Events in {City}". */
/**
 * A page's heading from its title: what follows " | " in a title is copy for search results
 * ("... in Chicago, IL | Vetted and Reviewed"), not words a heading says.
 */
export function headingOfTitle(title: string): string {
  return title.split(" | ")[0]!.trim();
}

export function listingTitle(category: string, city: string): string {
  return `${category} for Events in ${city}`;
}

export function listingPath(tagName: string, placeSlug: string): string {
  return `/hire/${categorySlug(tagName)}/${placeSlug}`;
}

/** What a listing page's acts have of reviews: each rated act's average, and how many reviews there are of which source. */
export interface ListingReviews {
  averages: number[];
  count: number;
  verified: number;
}

/** The generated introduction of a listing page, true of the acts it shows. */
export function generatedListingIntro(input: {
  category: string;
  city: string;
  total: number;
  related: string[];
  shown: number;
  reviews: ListingReviews;
  appName: string;
}): string {
  const { category, city, total, related, shown, reviews, appName } = input;
  const count = total === 1 ? `1 act` : `${total} acts`;
  const parts = [`${count} listed as ${category} within ${LISTING_RADIUS_MILES} miles of ${city}.`];
  if (related.length) parts.push(`Many of them also offer ${joinWords(related.slice(0, 3))}.`);
  if (reviews.averages.length) parts.push(reviewSentence(shown, reviews, appName));
  return parts.join(" ");
}

/**
 * What the page's reviews are, in numbers: how many of its acts have any, where they came from
 * (a planner who booked through us, or an admin who added one), and the range of the averages.
 */
function reviewSentence(shown: number, { averages, count, verified }: ListingReviews, appName: string): string {
  const rated = averages.length;
  const who =
    rated === shown
      ? shown === 1
        ? "The act on this page has"
        : `All ${shown} acts on this page have`
      : `${rated} of the ${shown} acts on this page ${rated === 1 ? "has" : "have"}`;
  const added = count - verified;
  const sources = [
    ...(verified ? [`${verified} from verified bookings`] : []),
    ...(added ? [`${added} added by ${appName}`] : []),
  ];
  const low = Math.min(...averages).toFixed(1);
  const high = Math.max(...averages).toFixed(1);
  const range = low === high ? `${high} out of 5` : `from ${low} to ${high} out of 5`;
  return `${who} reviews (${count === 1 ? "1 review" : `${count} reviews`}: ${sources.join(", ")}), rated ${range}.`;
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
