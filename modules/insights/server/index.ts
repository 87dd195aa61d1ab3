// What other parts use of insights: the name a page of results tells the counter its acts by.
export { SHOWN_ACTS_MEMO } from "./activity-counter";
export { rankingFacts } from "./ranking-facts";
