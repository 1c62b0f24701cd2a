import type { EChartsOption } from 'echarts';
import { echarts } from './echarts';

export type Scheme = 'light' | 'dark';

/** What a chart's picture shows besides the chart: what it is and which stretch of time, to be read on its own. */
export interface PictureOf {
  /** The chart's option as drawn in `scheme` (its colours already made for the card). */
  option: EChartsOption;
  title: string;
  /** The stretch shown, as a reader names it ("Monthly · Dec 2025 – Nov 2026"). */
  period: string;
  /** The chart's own height on the page; the title and the legend are added above and below it. */
  height: number;
  scheme: Scheme;
  /** The card's colour: the picture is the chart as seen on its card. */
  background: string;
}

const WIDTH = 960;
/** A picture is rasterised at twice its size: sharp on a laptop's screen and in a slide. */
export const PICTURE_SCALE = 2;
const HEADER = 72;
const LEGEND_ROW = 26;
/** Roughly what a legend entry takes at 13 px: its text, its icon and the gap before the next. */
const entryWidth = (name: string) => name.length * 7.5 + 25 + 16;

/** The names a chart's legend lists: its series, or the slices of a donut. */
function legendNames(option: EChartsOption): string[] {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  const names = series.flatMap((s) =>
    s.type === 'pie' ? ((s.data ?? []) as { name: string }[]).map((d) => d.name) : s.name ? [String(s.name)] : [],
  );
  return [...new Set(names)];
}

/** How many lines the legend wraps onto across the picture. */
function legendRows(names: string[], width: number): number {
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const w = entryWidth(name);
    if (used && used + w > width - 32) [rows, used] = [rows + 1, 0];
    used += w;
  }
  return rows;
}

/**
 * The chart as an SVG picture with its title and period above it and its whole legend below it (the page draws its
 * legend as HTML, which a copy of the canvas would leave out), drawn by the chart library itself: in the browser
 * for the chart menu's PNG, on the server for pictures sent by the API.
 */
export function pictureSvg({ option, title, period, height, scheme, background }: PictureOf) {
  const names = legendNames(option);
  const legendHeight = names.length ? legendRows(names, WIDTH) * LEGEND_ROW + 16 : 0;
  const total = HEADER + height + legendHeight;
  const chart = echarts.init(null, scheme === 'dark' ? 'dark' : undefined, {
    renderer: 'svg',
    ssr: true,
    width: WIDTH,
    height: total,
  });
  // A picture answers no pointer: the option's hover text is left out.
  const { tooltip: _hover, ...drawn } = option;
  const series = Array.isArray(drawn.series) ? drawn.series : drawn.series ? [drawn.series] : [];
  chart.setOption({
    ...drawn,
    // A donut is laid out between the title and the legend, as a grid is: its centre and radius are shares of that
    // box, not of the whole picture, which would run it into the period line.
    series: series.map((s) => (s.type === 'pie' ? { ...s, top: HEADER, bottom: legendHeight } : s)),
    animation: false,
    backgroundColor: background,
    title: {
      text: title,
      subtext: period,
      left: 16,
      top: 12,
      textStyle: { fontSize: 18 },
      subtextStyle: { fontSize: 13 },
    },
    // The picture's own margins: a label centred on the last period ("so far", "Today") needs room past the axis.
    grid: { containLabel: true, ...drawn.grid, left: 16, right: 32, top: HEADER + 8, bottom: legendHeight + 8 },
    legend: {
      ...(drawn.legend as object),
      show: names.length > 0,
      type: 'plain',
      data: names,
      left: 'center',
      bottom: 12,
      width: WIDTH - 32,
      itemGap: 16,
      textStyle: { fontSize: 13 },
    },
  } as echarts.EChartsCoreOption);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return { svg, width: WIDTH, height: total, legend: names };
}

/** CRC-32 of PNG chunks (ISO 3309). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG international text chunk (iTXt, UTF-8, uncompressed): `keyword`, then the text. */
function textChunk(keyword: string, text: string): Uint8Array {
  const body = new TextEncoder().encode(`${keyword}\0\0\0\0\0${text}`);
  const chunk = new Uint8Array(12 + body.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, body.length);
  chunk.set(new TextEncoder().encode('iTXt'), 4);
  chunk.set(body, 8);
  view.setUint32(8 + body.length, crc32(chunk.subarray(4, 8 + body.length)));
  return chunk;
}

/** The PNG with text chunks inserted after its header chunk (8 bytes of signature, 25 of IHDR). */
export function withText(png: Uint8Array, texts: Record<string, string>): Uint8Array {
  const chunks = Object.entries(texts).map(([keyword, text]) => textChunk(keyword, text));
  const out = new Uint8Array(png.length + chunks.reduce((n, c) => n + c.length, 0));
  out.set(png.subarray(0, 33));
  let at = 33;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(33), at);
  return out;
}

/**
 * The picture's PNG carrying its title and its description (period, then series) as PNG text too: for whoever reads
 * it without seeing it, and what the tests read back.
 */
export const described = (png: Uint8Array, { title, period }: Pick<PictureOf, 'title' | 'period'>, legend: string[]) =>
  withText(png, { Title: title, Description: [period, ...legend].join('\n') });
