/** A document of the booking's paper as the drawing thread takes it: a title, labelled lines, then paragraphs. */
export interface Paper {
  title: string;
  lines: [label: string, value: string][];
  paragraphs: string[];
}
