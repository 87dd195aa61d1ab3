// Which of what ranks acts (modules/discovery/ranking.ts) this act can improve, from its own
// figures (issue 66): shown on its insights page beside the numbers.
import type { ChecklistItem } from "#modules/acts/application-checklist";
import { RESPONSE_FACTS } from "#modules/conversations/conversations";
import { RANKING_FACTORS, type RankingFactor } from "#modules/discovery/ranking";

export interface RankingFacts {
  rating: { average: number | null; count: number };
  response_rate: number | null;
  response_time_hours: number | null;
  checklist: ChecklistItem[];
  /** Locations besides its home city. */
  otherLocations: number;
  hasHomeCity: boolean;
  featured: boolean;
}

export interface RankingAdvice {
  factor: RankingFactor;
  title: string;
  /** Whether the act already does well on it. */
  good: boolean;
  /** Where it stands, then what to do. */
  text: string;
}

const titleOf = (key: RankingFactor) => RANKING_FACTORS.find((factor) => factor.key === key)?.title ?? key;

export function rankingAdvice(facts: RankingFacts): RankingAdvice[] {
  const missing = facts.checklist.filter((item) => !item.done).map((item) => item.label.toLowerCase());
  const { average, count } = facts.rating;
  const advice: RankingAdvice[] = [
    {
      factor: "completeness",
      title: titleOf("completeness"),
      good: missing.length === 0,
      text: missing.length
        ? `Missing: ${missing.join("; ")}. Until it is complete and approved, you are not listed.`
        : "Your profile is complete: it is listed.",
    },
    {
      factor: "distance",
      title: titleOf("distance"),
      good: facts.hasHomeCity && facts.otherLocations > 0,
      text: !facts.hasHomeCity
        ? "Add your home city: searches near a place list acts based there first."
        : facts.otherLocations === 0
          ? "Add the other cities you play in: searches near them will list you too."
          : `You play in ${facts.otherLocations + 1} cities: searches near any of them list you.`,
    },
    {
      factor: "reviews",
      title: titleOf("reviews"),
      good: count >= 5 && (average ?? 0) >= 4.5,
      text:
        count === 0
          ? "No reviews yet: after each booked event, ask the planner to review you."
          : `${count} ${count === 1 ? "review" : "reviews"}, averaging ${average?.toFixed(1) ?? "–"}. ${count < 5 ? "More reviews move you up: ask each planner after the event." : "Keep asking each planner after the event."}`,
    },
    {
      factor: "response",
      title: titleOf("response"),
      good: (facts.response_rate ?? 0) >= 90,
      text:
        facts.response_rate === null
          ? `Answer every planner within ${RESPONSE_FACTS.answerHours} hours: your rate shows once ${RESPONSE_FACTS.minConversations} planners have written.`
          : `You answer ${facts.response_rate}% of planners within ${RESPONSE_FACTS.answerHours} hours${facts.response_time_hours === null ? "" : `, in ${facts.response_time_hours} hours at the median`}. ${facts.response_rate < 90 ? "Answering more, and sooner, moves you up among equal matches." : "Keep it up."}`,
    },
    {
      factor: "featured",
      title: titleOf("featured"),
      good: facts.featured,
      text: facts.featured
        ? "Our team features you: you come first within each of these."
        : "Our team chooses featured acts; it is not something to buy.",
    },
  ];
  return advice;
}
