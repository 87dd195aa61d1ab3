import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentTypeLabel, downloadFileName, parseVideoLink, passesVideoHostCheck, stripWhitespace } from "./media";

describe("video links", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["youtube.com/shorts/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10", "youtube", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://player.vimeo.com/video/76979871", "vimeo", "76979871"],
    [" https://vimeo.com/ 76979871 ", "vimeo", "76979871"],
  ])("plays %s", (link, provider, id) => {
    expect(parseVideoLink(link)).toEqual({ provider, id });
    expect(passesVideoHostCheck(link)).toBe(true);
  });

  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=short",
    "https://vimeo.com/channels/staffpicks",
    "javascript:alert(1)",
    "ftp://vimeo.com/76979871",
    "not a link",
    "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
  ])("refuses %s", (link) => {
    expect(parseVideoLink(link)).toBeNull();
    expect(passesVideoHostCheck(link)).toBe(false);
  });

  it("lets an empty or all-whitespace link pass the host check", () => {
    expect(passesVideoHostCheck("")).toBe(true);
    expect(passesVideoHostCheck(" \n\t ")).toBe(true);
  });

  it("strips every whitespace character", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(/\s/.test(stripWhitespace(value))).toBe(false);
      }),
    );
  });
});

describe("document type labels", () => {
  it.each([
    ["a.pdf", "PDF Document"],
    ["a.doc", "Word Document"],
    ["a.DOCX", "Word Document"],
    ["a.jpg", "JPEG Image"],
    ["a.jpeg", "JPEG Image"],
    ["a.png", "PNG Image"],
    ["a.gif", "GIF Image"],
    ["a.svg", "SVG Image"],
    ["a.tif", "TIFF Image"],
    ["a.tiff", "TIFF Image"],
    ["a.txt", "Text Document"],
    ["a.xls", "Excel Spreadsheet"],
    ["a.xlsx", "Excel Spreadsheet"],
    ["a.ppt", "PowerPoint Presentation"],
    ["a.pptx", "PowerPoint Presentation"],
    ["a.rtf", "Rich Text Document"],
    ["a.zip", "Unknown File Type"],
    ["README", "Unknown File Type"],
    ["/files/documents/x.pdf?download=1", "PDF Document"],
  ])("%s is %s", (path, label) => expect(documentTypeLabel(path)).toBe(label));
});

describe("download file names", () => {
  it("replaces unsafe characters and whitespace with underscores and keeps the extension", () => {
    expect(downloadFileName("The Velvet Tones", 'photo: 1/2 "live"', "images/abc.png")).toBe(
      "The_Velvet_Tones_photo__1_2__live_.png",
    );
    expect(downloadFileName("a<b>c|d", "e*f?g\\h", "x.JPG")).toBe("a_b_c_d_e_f_g_h.jpg");
    expect(downloadFileName("name", "", "noextension")).toBe("name");
  });

  it("never contains a forbidden character or whitespace", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (first, second) => {
        const name = downloadFileName(first, second, "file.png");
        expect(/[/\\:*?"<>|\s]/.test(name)).toBe(false);
        expect(name.endsWith(".png")).toBe(true);
      }),
    );
  });
});
