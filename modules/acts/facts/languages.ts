import { defineActFact, listInWords } from "./act-fact";

/** The languages an act performs in: a planner of a bilingual wedding searches by them. */
export const LANGUAGES = defineActFact({
  key: "languages",
  label: "Languages",
  values: [
    "English",
    "Spanish",
    "French",
    "Portuguese",
    "Italian",
    "German",
    "Polish",
    "Greek",
    "Russian",
    "Hebrew",
    "Arabic",
    "Hindi",
    "Mandarin",
    "Cantonese",
    "Korean",
    "Japanese",
    "Tagalog",
    "Vietnamese",
  ],
  max: 8,
  line: (values) => `Performs in ${listInWords(values)}`,
});
