import { readFileSync } from 'node:fs';
import { echarts } from '../../../charts/echarts';

/**
 * The font of the server's pictures: DejaVu Sans, regular and bold (Debian's fonts-dejavu-core, there wherever the
 * e2e tier's Chromium is). resvg draws no text without a font it has loaded, and ECharts lays text out by widths it
 * is told: in a browser the canvas measures them in the font drawn, on the server it guesses from Arial's, and a
 * wider font then runs legend entries into each other. So both are given the same files (ADR 057).
 */
const DIR = '/usr/share/fonts/truetype/dejavu';
export const PICTURE_FONT_FILES = { regular: `${DIR}/DejaVuSans.ttf`, bold: `${DIR}/DejaVuSans-Bold.ttf` };
export const PICTURE_FONT_FAMILY = 'DejaVu Sans';

/** Advance widths of a TrueType font's characters, in ems, read from its `cmap` (format 4) and `hmtx` tables. */
function advanceWidths(file: Buffer): (char: number) => number {
  const tables = new Map<string, number>();
  for (let i = 0; i < file.readUInt16BE(4); i++)
    tables.set(file.toString('latin1', 12 + 16 * i, 16 + 16 * i), file.readUInt32BE(20 + 16 * i));
  const [head, hhea, hmtx, cmap] = ['head', 'hhea', 'hmtx', 'cmap'].map((tag) => tables.get(tag)!) as number[];
  const unitsPerEm = file.readUInt16BE(head! + 18);
  const metrics = file.readUInt16BE(hhea! + 34);
  // The Windows Unicode (BMP) subtable, format 4: segments of character codes mapped to glyphs.
  let table = -1;
  for (let i = 0; i < file.readUInt16BE(cmap! + 2); i++) {
    const record = cmap! + 4 + 8 * i;
    if (file.readUInt16BE(record) === 3 && file.readUInt16BE(record + 2) === 1)
      table = cmap! + file.readUInt32BE(record + 4);
  }
  if (table < 0 || file.readUInt16BE(table) !== 4) throw new Error('The picture font has no Unicode character map.');
  const segments = file.readUInt16BE(table + 6) / 2;
  const ends = table + 14;
  const [starts, deltas, offsets] = [1, 2, 3].map((k) => ends + 2 + 2 * segments * k) as [number, number, number];
  const glyphOf = (char: number) => {
    for (let s = 0; s < segments; s++) {
      if (file.readUInt16BE(ends + 2 * s) < char) continue;
      const start = file.readUInt16BE(starts + 2 * s);
      if (start > char) return 0;
      const delta = file.readUInt16BE(deltas + 2 * s);
      const offset = file.readUInt16BE(offsets + 2 * s);
      if (!offset) return (char + delta) & 0xffff;
      const glyph = file.readUInt16BE(offsets + 2 * s + offset + 2 * (char - start));
      return glyph ? (glyph + delta) & 0xffff : 0;
    }
    return 0;
  };
  const widths = new Map<number, number>();
  return (char) => {
    let width = widths.get(char);
    if (width === undefined) {
      const glyph = Math.min(glyphOf(char), metrics - 1);
      width = file.readUInt16BE(hmtx! + 4 * glyph) / unitsPerEm;
      widths.set(char, width);
    }
    return width;
  };
}

type Widths = (char: number) => number;
let fonts: { regular: Widths; bold: Widths } | undefined;

/** The width of a text in a CSS font ("bold 18px sans-serif"), as the picture's font draws it. */
export function textWidth(text: string, font: string): number {
  fonts ??= {
    regular: advanceWidths(readFileSync(PICTURE_FONT_FILES.regular)),
    bold: advanceWidths(readFileSync(PICTURE_FONT_FILES.bold)),
  };
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 12);
  const widthOf = /bold|[6-9]00/.test(font) ? fonts.bold : fonts.regular;
  let width = 0;
  for (const char of text) width += widthOf(char.codePointAt(0)!) * size;
  return width;
}

let measuring = false;

/** ECharts measures the pictures' text in the font resvg draws it in (an ECharts-wide setting, made once). */
export function measureInPictureFont(): void {
  if (measuring) return;
  echarts.setPlatformAPI({ measureText: (text = '', font = '') => ({ width: textWidth(text, font) }) as TextMetrics });
  measuring = true;
}
