import { crc32, deflateSync } from "node:zlib";

/** Small real files for the demo data, made here so the repository holds no binaries. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

type Rgb = [number, number, number];

/** A PNG of 8-bit RGB pixels, filled by `pixel(x, y)`. */
function encodePng(width: number, height: number, pixel: (x: number, y: number, out: Rgb) => void): Buffer {
  const rows = Buffer.alloc((1 + width * 3) * height);
  const out: Rgb = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const start = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      pixel(x, y, out);
      rows[start + 1 + x * 3] = out[0];
      rows[start + 2 + x * 3] = out[1];
      rows[start + 3 + x * 3] = out[2];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG with a diagonal two-colour gradient. */
export function gradientPng(width: number, height: number, from: Rgb, to: Rgb): Buffer {
  return encodePng(width, height, (x, y, out) => {
    const t = (x / width + y / height) / 2;
    for (let channel = 0; channel < 3; channel++)
      out[channel] = Math.round(from[channel]! + (to[channel]! - from[channel]!) * t);
  });
}

/** A one-page PDF showing a line of text. */
export function simplePdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
