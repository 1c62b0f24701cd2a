import type { ChartOption } from './types';
import { echarts, forScheme, type Scheme } from './library';

/** What a chart's picture shows besides the chart: what it is and which stretch of time, to be read on its own. */
export interface PictureOf {
  option: ChartOption;
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
const HEADER = 72;
const LEGEND_ROW = 26;
/** Roughly what a legend entry takes at 13 px: its text, its icon and the gap before the next. */
const entryWidth = (name: string) => name.length * 7.5 + 25 + 16;

/** The names a chart's legend lists: its series, or the slices of a donut. */
function legendNames(option: ChartOption): string[] {
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
 * legend as HTML, which a copy of the canvas would leave out), drawn by the chart library itself.
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
  const drawn = forScheme(option, scheme);
  chart.setOption({
    ...drawn,
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
    grid: { left: 16, right: 24, containLabel: true, ...drawn.grid, top: HEADER + 8, bottom: legendHeight + 8 },
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
 * The picture as a PNG at twice its size (sharp on a laptop's screen and in a slide), carrying its title and its
 * description (period and series) as PNG text too, for whoever reads it without seeing it.
 */
export async function picturePng(of: PictureOf): Promise<Blob> {
  const { svg, width, height, legend } = pictureSvg(of);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  canvas.getContext('2d')!.drawImage(image, 0, 0, canvas.width, canvas.height);
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be made.'))), 'image/png'),
  );
  const described = withText(new Uint8Array(await png.arrayBuffer()), {
    Title: of.title,
    Description: [of.period, ...legend].join('\n'),
  });
  return new Blob([described as BlobPart], { type: 'image/png' });
}
