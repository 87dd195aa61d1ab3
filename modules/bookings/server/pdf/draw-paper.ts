// Draws one document of the booking's paper with pdfkit, on whichever thread calls it (the PDF
// worker, pdf-thread.ts). Each font is embedded as the subset of glyphs the document uses.
import PDFDocument from "pdfkit";
import { fontFileFor, openedFont } from "./pdf-fonts";
import type { Paper } from "./paper";
import { visualRuns } from "./text-runs";

/** Latin's faces: the fallback for a character no font has (it draws as a box, and copies as itself). */
const latin = (weight: "regular" | "bold") => fontFileFor(0x41, weight)!;

export function drawPaper(paper: Paper): Promise<Buffer> {
  const document = new PDFDocument({ size: "LETTER", margin: 56, info: { Title: paper.title, Author: "EVA" } });
  const registered = new Set<string>();
  const write = (text: string, weight: "regular" | "bold", size: number, continued: boolean) => {
    const runs = visualRuns(text, weight, latin(weight));
    if (runs.length === 0) runs.push({ text: "", font: latin(weight) });
    runs.forEach((run, index) => {
      if (!registered.has(run.font)) {
        // pdfkit takes a parsed fontkit font as well as its bytes; its types name only the bytes.
        document.registerFont(run.font, openedFont(run.font) as unknown as Buffer);
        registered.add(run.font);
      }
      document
        .font(run.font)
        .fontSize(size)
        .text(run.text, { continued: continued || index < runs.length - 1 });
    });
  };
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on("end", () => resolve(Buffer.concat(chunks)));
    document.on("error", reject);
  });
  write(paper.title, "bold", 20, false);
  document.moveDown();
  for (const [label, value] of paper.lines) {
    write(`${label}: `, "bold", 10, true);
    write(value, "regular", 10, false);
  }
  for (const paragraph of paper.paragraphs) {
    document.moveDown(0.6);
    write(paragraph, "regular", 10, false);
  }
  document.end();
  return done;
}
