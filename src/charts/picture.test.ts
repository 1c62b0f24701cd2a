import { describe, expect, it } from 'vitest';
import { donutOption } from './donut';
import { pictureSvg, withText } from './picture';

const option = {
  color: ['#2E9E5B'],
  legend: { show: false, selected: { Orders: true, 'Orders (previous)': true } },
  xAxis: { type: 'category' as const, data: ['Oct', 'Nov'] },
  yAxis: { type: 'value' as const },
  series: [
    { name: 'Orders', type: 'line' as const, data: [3, null] },
    { name: 'Orders', type: 'line' as const, data: [3, 1], lineStyle: { type: 'dashed' as const } },
    { name: 'Orders (previous)', type: 'line' as const, data: [2, 4], color: '#2E9E5B' },
  ],
};
const of = {
  option,
  title: 'Orders',
  period: 'Monthly · Oct 2026 – Nov 2026 (Nov 2026 so far)',
  height: 300,
  scheme: 'light' as const,
  background: '#ffffff',
};

describe("a chart's picture", () => {
  it('carries the title, the period and a legend entry for every series, the stretch compared with included', () => {
    const { svg, width, height, legend } = pictureSvg(of);
    expect(svg).toContain('>Orders</text>');
    expect(svg).toContain('Monthly · Oct 2026 – Nov 2026 (Nov 2026 so far)');
    expect(svg).toContain('>Orders (previous)</text>');
    expect(legend).toEqual(['Orders', 'Orders (previous)']);
    // Title above and legend below the chart's own 300 px.
    expect(width).toBe(960);
    expect(height).toBeGreaterThan(300 + 72);
  });

  it('lays a donut out below its title and period, not over them', () => {
    const donut = donutOption({ data: [{ name: 'Week of Nov 30', value: 80 }], colors: ['#3366CC'] });
    const { svg } = pictureSvg({ ...of, option: donut, height: 400 });
    // The ring's outer edge starts at its top, above its centre: below the 72 px of title and period line.
    const top = Number(/<path d="M480 ([\d.]+)A/.exec(svg)![1]);
    expect(top).toBeGreaterThanOrEqual(72);
  });

  it('is drawn on the card’s colour, in the dark scheme too', () => {
    const { svg } = pictureSvg({ ...of, scheme: 'dark', background: 'rgb(46, 46, 46)' });
    expect(svg).toContain('fill="rgb(46, 46, 46)"');
  });

  it('writes its texts into the PNG after the header, each in a chunk whose checksum holds', () => {
    const png = new Uint8Array(33 + 12);
    png.set([137, 80, 78, 71, 13, 10, 26, 10]);
    const out = withText(png, { Title: 'Orders', Description: 'Monthly · Oct 2026 – Nov 2026' });
    const view = new DataView(out.buffer);
    const length = view.getUint32(33);
    expect(new TextDecoder().decode(out.subarray(37, 41))).toBe('iTXt');
    expect(new TextDecoder().decode(out.subarray(41, 41 + length))).toBe('Title\0\0\0\0\0Orders');
    // CRC-32 of "iTXt" + data, as zlib computes it.
    const crc = view.getUint32(41 + length);
    expect(crc).toBe(crc32Reference(out.subarray(37, 41 + length)));
    expect(new TextDecoder().decode(out)).toContain('Monthly · Oct 2026 – Nov 2026');
  });
});

/** A bitwise CRC-32, to check the table-driven one against. */
function crc32Reference(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
