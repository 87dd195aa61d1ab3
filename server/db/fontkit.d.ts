// The part of fontkit (a dependency of pdfkit, which ships no types) that the demo posters and the PDFs use.
declare module "fontkit" {
  interface Path {
    scale(x: number, y: number): Path;
    translate(x: number, y: number): Path;
    toSVG(): string;
  }
  interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  interface Font {
    unitsPerEm: number;
    layout(text: string): { glyphs: { path: Path }[]; positions: GlyphPosition[] };
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function openSync(path: string): Font;
}
