import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import fs from 'node:fs';
import {
  createCancellation,
  createCredit,
  createDevice,
  createProduct,
  createSubscription,
} from '../../test/factories';
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

describe('the two charts that are not trends, drawn on the server', () => {
  /** A 21-day return of a subscription ordered two days ago on a new deployed device of `productId`. */
  async function returnOn(productId: number) {
    const device = await createDevice(t.db, { productId });
    const sub = await createSubscription(t.db, {
      deviceId: device.id,
      orderedAt: new Date(Date.now() - 2 * 86_400_000),
    });
    await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: new Date() });
  }

  it('21-day returns by product: draws exactly the rows its data route answers, for the default and a chosen limit', async () => {
    const drill = await createProduct(t.db, { model: 'Picture Drill Phone' });
    const flip = await createProduct(t.db, { model: 'Picture Flip Phone' });
    for (const id of [drill.id, drill.id, drill.id, flip.id]) await returnOn(id);
    for (const limit of [100, 3]) {
      const page = await agent.get(pathOf(statsEndpoints.returnRateByModel, { limit }));
      const drawn = await pictures.chartPicture('return-rate-by-model', limit === 100 ? {} : { limit }, viewer);
      expect(drawn.rows, `latest ${limit}`).toEqual(page.json());
      expect(drawn.period).toBe(`Latest ${limit} deployed devices`);
    }
    const drawn = await pictures.chartPicture('return-rate-by-model', {}, viewer);
    expect(drawn.title).toBe('21-day returns by product');
    expect(drawn.text[0]).toBe('  Picture Drill Phone: 3');
    const text = drawn.png.toString('utf8');
    expect(text).toContain(`Title${'\0'.repeat(5)}21-day returns by product`);
    expect(text).toContain('Description\0\0\0\0\0Latest 100 deployed devices\nReturns');
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync('.tmp/server-picture-return-rate-by-model.png', drawn.png);
  });

  it('Next 4 Weeks: draws exactly the credits its data route answers, the remaining credits in its period line', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await createCredit(t.db, { amount: '40.00', dueOn: inDays(1) });
    await createCredit(t.db, { amount: '15.50', dueOn: inDays(9) });
    await createCredit(t.db, { amount: '1234.00', dueOn: inDays(60) });
    const page = (await agent.get(pathOf(statsEndpoints.upcomingCredits, {}))).json();
    const drawn = await pictures.chartPicture('upcoming-credits', {}, viewer);
    expect(drawn.rows).toEqual(page);
    expect(drawn.title).toBe('Next 4 Weeks');
    // The only credit due after the next 4 weeks is this test's.
    expect(page.remaining).toBe('1234.00');
    expect(drawn.period).toMatch(/^Weekly · 4 weeks from \w{3} \d{1,2}, \d{4} · Remaining Credits: \$1,234\.00$/);
    expect(drawn.text.at(-1)).toBe('  Remaining Credits: $1,234.00');
    // The legend names each week with its credits, as the card's does.
    const description = drawn.png.toString('utf8');
    expect(description).toMatch(/Description\0{5}Weekly · [^\n]+\nWeek of \w{3} \d{1,2}\n/);
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync('.tmp/server-picture-upcoming-credits.png', drawn.png);
  });

  it('are refused to a role without the dashboard, and refuse what they have not to choose with 422 on the field', async () => {
    const rep = await t.signIn({ role: 'field-rep' });
    expect((await rep.get(pictureUrl('return-rate-by-model'))).statusCode).toBe(403);
    expect((await rep.get(pictureUrl('upcoming-credits'))).statusCode).toBe(403);
    const cases: [string, string, string, string][] = [
      ['return-rate-by-model', 'limit=0', 'limit', 'The limit must be a whole number from 1 to 10,000.'],
      ['return-rate-by-model', 'limit=10001', 'limit', 'The limit must be a whole number from 1 to 10,000.'],
      ['return-rate-by-model', 'limit=1e9', 'limit', 'The limit must be a whole number from 1 to 10,000.'],
      ['return-rate-by-model', 'view=monthly', 'view', '21-day returns by product has no view to choose.'],
      ['return-rate-by-model', 'compare=1', 'compare', '21-day returns by product has no comparison to choose.'],
      ['upcoming-credits', 'limit=25', 'limit', 'Next 4 Weeks has no limit to choose.'],
      ['upcoming-credits', 'from=2026-01-01&to=2026-02-01', 'from', 'Next 4 Weeks has no range to choose.'],
      ['visitor-trend', 'limit=500', 'limit', 'The limit must be 25, 50 or 100.'],
    ];
    for (const [chart, query, field, message] of cases) {
      const res = await agent.get(pictureUrl(chart, query));
      expect(res.statusCode, `${chart}?${query}`).toBe(422);
      expect(res.json().errors[field], `${chart}?${query}`).toEqual([message]);
    }
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
