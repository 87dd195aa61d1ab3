// A line of text as the PDF draws it: pieces in one font each, in the order they stand on the
// page. pdfkit lays each piece out with fontkit, which shapes it (Arabic's joined forms) and
// writes a right-to-left script's glyphs right to left; the order of the pieces is ours.
import { fontFileFor } from "./pdf-fonts";

export interface TextRun {
  text: string;
  /** The font file that draws it. */
  font: string;
}

type Direction = "rtl" | "number" | "neutral" | "ltr";

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const NUMBER = /[0-9\u0660-\u0669\u06F0-\u06F9]/u;
const NEUTRAL = /[\s\p{P}\p{S}]/u;
/** Marks (variation selectors among them) and joiners stay with the character before them (an emoji's ZWJ sequence, an accent). */
const ATTACHED = /[\p{M}\p{Cf}]/u;

function directionOf(char: string): Direction {
  if (RTL.test(char)) return "rtl";
  if (NUMBER.test(char)) return "number";
  if (NEUTRAL.test(char)) return "neutral";
  return "ltr";
}

/** Splits text into runs of one font and one direction class, keeping attached marks with their base. */
function pieces(text: string, weight: "regular" | "bold", fallback: string) {
  const runs: { text: string; font: string; direction: Direction }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    if (last && ATTACHED.test(char)) {
      last.text += char;
      continue;
    }
    const font = fontFileFor(char.codePointAt(0)!, weight) ?? fallback;
    const direction = directionOf(char);
    if (last && last.font === font && last.direction === direction) last.text += char;
    else runs.push({ text: char, font, direction });
  }
  return runs;
}

/**
 * The runs of a line in visual order, for a left-to-right paragraph (ours are English). A
 * right-to-left stretch (from a Hebrew or Arabic letter to the last such letter or number before
 * the next left-to-right letter) is read right to left: its runs are reversed, numbers within it
 * kept left to right, its spaces and punctuation placed as the Unicode bidirectional algorithm
 * would place them.
 */
export function visualRuns(text: string, weight: "regular" | "bold", fallback: string): TextRun[] {
  const runs = pieces(text, weight, fallback);
  const out: TextRun[] = [];
  let index = 0;
  while (index < runs.length) {
    if (runs[index]!.direction !== "rtl") {
      out.push({ text: runs[index]!.text, font: runs[index]!.font });
      index += 1;
      continue;
    }
    // The stretch ends at its last right-to-left letter or number before a left-to-right letter.
    let end = index;
    for (let next = index + 1; next < runs.length && runs[next]!.direction !== "ltr"; next++)
      if (runs[next]!.direction !== "neutral") end = next;
    const stretch = runs.slice(index, end + 1).reverse();
    // fontkit reverses a right-to-left script's run itself; spaces and punctuation between are ours to turn.
    for (const run of stretch)
      out.push({ text: run.direction === "neutral" ? [...run.text].reverse().join("") : run.text, font: run.font });
    index = end + 1;
  }
  return out;
}
