import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import { createCancellation, createSubscription } from '../../test/factories';
import { fillPath, pathOf } from '../../../contract/endpoint';
import type { CurrentUser } from '../../../contract/auth';
import { statsEndpoints, trendName, type StatsRow, type StatsView } from '../../../contract/stats';
import { TREND_CHARTS, viewsOf, type TrendChartDef } from '../../../charts/dashboard/trends';
import { pictureSvg } from '../../../charts/picture';
import { periodShown, seriesOf, trendOption, unfinishedFrom } from '../../../charts/dashboard/trend-option';
import { ChartPictures } from './stats.pictures';
import { textWidth } from './picture-font';
import { localDate } from './stats.periods';

const TZ = 'America/Chicago';
let t: TestApp;
let agent: Agent;
let pictures: ChartPictures;
const viewer: CurrentUser = {
  id: 1,
  email: 'analyst@example.com',
  name: 'Analyst',
  role: 'analyst',
  isRep: false,
  canForceCreate: false,
};

beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TIMEZONE: TZ });
  agent = await t.signIn({ role: 'analyst' });
  pictures = new ChartPictures(t.db, TZ, Date.now, Promise.resolve());
  // Orders and cancellations over the last months, so the lines are not flat.
  const day = 86_400_000;
  for (let i = 0; i < 12; i++) {
    const sub = await createSubscription(t.db, { orderedAt: new Date(Date.now() - i * 20 * day) });
    if (i % 3 === 0)
      await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: new Date(Date.now() - i * day) });
  }
});
afterAll(() => t.close());

const pictureUrl = (chart: string, query = '') =>
  `${fillPath(statsEndpoints.chartPicture.path, { chart })}${query ? `?${query}` : ''}`;
const dataUrl = (def: TrendChartDef, view: StatsView, query = '') =>
  `${pathOf(statsEndpoints.trend, { name: trendName(def.endpoint, view) })}${query ? `?${query}` : ''}`;

/** The width and height a PNG's header chunk declares, after its 8-byte signature. */
function pngSize(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('a chart drawn on the server', () => {
  it.each(TREND_CHARTS.map((def) => [def.title, def] as const))(
    '%s: draws exactly the rows its data route answers for the same query, in every view',
    async (_title, def) => {
      for (const view of viewsOf(def)) {
        const page = await agent.get(dataUrl(def, view));
        expect(page.statusCode).toBe(200);
        const { rows } = await pictures.chartPicture(def.endpoint, { view }, viewer);
        expect(rows, `${def.endpoint} ${view}`).toEqual(page.json<StatsRow[]>());
      }
    },
  );

  it('draws the rows of a chosen range and of a row limit as the data route answers them', async () => {
    const promo = TREND_CHARTS.find((c) => c.rowLimit)!;
    const limited = await agent.get(dataUrl(promo, 'monthly', 'limit=25'));
    expect((await pictures.chartPicture(promo.endpoint, { view: 'monthly', limit: 25 }, viewer)).rows).toEqual(
      limited.json(),
    );
    const orders = TREND_CHARTS[0]!;
    const range = { from: '2026-01-10', to: '2026-03-05' };
    const drawn = await pictures.chartPicture(orders.endpoint, { view: 'monthly', ...range }, viewer);
    const monthly = await agent.get(dataUrl(orders, 'monthly', `from=${range.from}&to=${range.to}`));
    expect(drawn.rows).toEqual(monthly.json());
    expect(drawn.period).toBe('Monthly · Jan 2026 – Mar 2026');
  });

  it('says its title, its period line and the name of each legend entry, the stretch compared with included', async () => {
    const def = TREND_CHARTS[0]!;
    const drawn = await pictures.trendPicture(def.endpoint, { view: 'monthly', compare: true }, viewer);
    const today = localDate(new Date(), TZ);
    expect(drawn.title).toBe('Subscription Activity');
    expect(drawn.period).toBe(
      periodShown(drawn.rows, 'monthly', unfinishedFrom(drawn.rows, 'monthly', undefined, today)),
    );
    expect(drawn.period).toMatch(/^Monthly · \w{3} \d{4} – \w{3} \d{4} \(\w{3} \d{4} so far\)$/);
    // The SVG the PNG is made of, built as the server builds it.
    const previous = (await agent.get(dataUrl(def, 'monthly', `before=${drawn.rows.length}`))).json<StatsRow[]>();
    const unfinished = drawn.rows.length - 1;
    const { svg, legend } = pictureSvg({
      option: trendOption(def, drawn.rows, 'monthly', new Set(), previous, unfinished),
      title: drawn.title,
      period: drawn.period,
      height: def.height,
      scheme: 'light',
      background: '#ffffff',
    });
    const names = seriesOf(def, drawn.rows).map((s) => s.name);
    expect(legend).toEqual([...names, ...names.map((n) => `${n} (previous)`)]);
    expect(svg).toContain('>Subscription Activity</text>');
    expect(svg).toContain(`>${drawn.period}</text>`);
    for (const name of legend) expect(svg).toContain(`>${name}</text>`);
    // The PNG carries the same words as text, in its description.
    const text = drawn.png.toString('utf8');
    expect(text).toContain(`Title\0\0\0\0\0Subscription Activity`);
    expect(text).toContain(['Description\0\0\0\0\0' + drawn.period, ...legend].join('\n'));
  });
});

describe('the font of a picture', () => {
  it('measures text with the advance widths of the DejaVu Sans it is drawn in, bold apart', () => {
    // DejaVu Sans has 2048 units to the em: at 2048 px a glyph is as wide as its advance in the font's own units.
    expect(textWidth(' ', '2048px sans-serif')).toBe(651);
    expect(textWidth('W', 'normal 2048px sans-serif')).toBe(2025);
    expect(textWidth('iW', '2048px sans-serif')).toBe(569 + 2025);
    expect(textWidth('W', 'bold 2048px sans-serif')).toBeGreaterThan(2025);
    // A legend entry at 13 px: 157 px, where ECharts' guess from Arial's widths (140 px) ran the entries together.
    expect(textWidth('Cancellations (previous)', '13px sans-serif')).toBeCloseTo(157.43, 2);
  });
});

describe('the picture route', () => {
  it('answers a PNG twice the picture’s size, never kept by a cache, for a role with the dashboard', async () => {
    const res = await agent.get(pictureUrl('renewals-trend', 'view=daily&compare=1'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe('inline; filename="renewals-trend.png"');
    const { width, height } = pngSize(res.rawPayload);
    expect(width).toBe(1920);
    expect(height).toBeGreaterThan(2 * (300 + 72));
  });

  it('draws a chart in its default view when none is asked', async () => {
    const res = await agent.get(pictureUrl('subscription-activity-trend'));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('utf8')).toMatch(/Description\0{5}Monthly · /);
  });

  it('refuses a role without the dashboard with 403, and a guest with 401', async () => {
    const rep = await t.signIn({ role: 'field-rep' });
    const refused = await rep.get(pictureUrl('subscription-activity-trend'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
    expect((await (await t.guest()).get(pictureUrl('subscription-activity-trend'))).statusCode).toBe(401);
    await expect(
      pictures.chartPicture('subscription-activity-trend', {}, { ...viewer, role: 'field-rep' }),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it('answers 404 with a message for a chart that does not exist', async () => {
    for (const chart of ['no-such-trend', 'subscription-activity-trend-monthly', 'kpis']) {
      const res = await agent.get(pictureUrl(chart));
      expect(res.statusCode, chart).toBe(404);
      expect(res.json().message).toBe(`There is no chart named '${chart}'.`);
    }
  });

  it('refuses a query it cannot draw with 422 and the field’s message', async () => {
    const cases: [string, string, string, string][] = [
      ['visitor-trend', 'view=hourly', 'view', 'The view must be daily, weekly, monthly or yearly.'],
      ['ppc-conversion-trend', 'view=weekly', 'view', 'PPC Conversions is drawn daily, monthly, yearly only.'],
      ['visitor-trend', 'compare=yes', 'compare', 'The compare flag must be 0 or 1.'],
      ['visitor-trend', 'view=yearly&compare=1', 'compare', 'Site traffic is not compared in this view.'],
      ['cancellation-reason-trend', 'compare=1', 'compare', 'Cancellation reasons is not compared in this view.'],
      ['visitor-trend', 'from=2026-01-01&to=2026-02-01&compare=1', 'compare', 'A chosen range is not compared.'],
      ['visitor-trend', 'from=2026-02-01&to=2026-01-01', 'to', 'The to date must be on or after the from date.'],
      ['visitor-trend', 'from=2026-02-30&to=2026-03-01', 'from', 'The from date must be a valid date.'],
      ['visitor-trend', 'from=2026-01-01', 'to', 'Choose both ends of the range.'],
      ['lookup-request-drip-mail-conversion-trend', 'limit=30', 'limit', 'The limit must be 25, 50 or 100.'],
      ['visitor-trend', 'before=3', 'before', 'The before field is not allowed.'],
      [
        'visitor-trend',
        'view=daily&from=2020-01-01&to=2026-01-01',
        'to',
        'This range spans more than 400 periods of the view; choose a shorter one.',
      ],
    ];
    for (const [chart, query, field, message] of cases) {
      const res = await agent.get(pictureUrl(chart, query));
      expect(res.statusCode, `${chart}?${query}`).toBe(422);
      expect(res.json().errors[field], `${chart}?${query}`).toEqual([message]);
    }
  });
});
