import { Resvg } from '@resvg/resvg-js';
import { allows } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import type { EChartsOption } from 'echarts';
import { RETURN_CHART_DEFAULT_LIMIT, ROW_LIMIT_OPTIONS } from '../../../contract/business';
import {
  CREDITS_CHART,
  RETURNS_CHART,
  ROW_LIMIT_MESSAGE,
  statsEndpoints,
  type ChartPictureQuery,
  type ReturnRateRow,
  type StatsRow,
  type UpcomingCredits,
} from '../../../contract/stats';
import { periodShown, trendOption, unfinishedFrom } from '../../../charts/dashboard/trend-option';
import { canCompare, TREND_CHARTS, viewsOf, type TrendChartDef } from '../../../charts/dashboard/trends';
import {
  RETURNS_HEIGHT,
  RETURNS_TITLE,
  returnsOption,
  returnsPeriod,
} from '../../../charts/dashboard/returns-by-model';
import {
  CREDITS_HEIGHT,
  CREDITS_TITLE,
  creditsDonut,
  creditsOption,
  creditsPeriod,
  remainingCredits,
} from '../../../charts/dashboard/upcoming-credits';
import { described, PICTURE_SCALE, pictureSvg } from '../../../charts/picture';
import type { Db } from '../../db/types';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../http/errors';
import { localDate } from './stats.periods';
import { measureInPictureFont, PICTURE_FONT_FAMILY, PICTURE_FONT_FILES } from './picture-font';
import { returnRateByModel, trendRows, upcomingCredits } from './stats.service';

/** What a picture draws, as the chart's data route answers it: a trend's rows, the returns by model, the credits. */
export type PictureRows = StatsRow[] | ReturnRateRow[] | UpcomingCredits;

/** A chart drawn on the server: the PNG, the rows it draws (as its data route answers them), its title and period. */
export interface ChartPicture<Rows extends PictureRows = PictureRows> {
  png: Buffer;
  rows: Rows;
  title: string;
  /** As the picture says it: "Monthly · Dec 2025 – Nov 2026 (Nov 2026 so far)". */
  period: string;
  /** The figures drawn, as lines of plain text: for a reader who does not see the picture (a digest's text part). */
  text: string[];
}

/** A card of the page in its light scheme, which is what a picture shows wherever it is read. */
const LIGHT_CARD = '#ffffff';
/** resvg draws with the font ECharts measured the text in, and no other (picture-font.ts). */
const FONTS = {
  loadSystemFonts: false,
  fontFiles: Object.values(PICTURE_FONT_FILES),
  defaultFontFamily: PICTURE_FONT_FAMILY,
  sansSerifFamily: PICTURE_FONT_FAMILY,
};
/** How many models a digest's text lists, the most returned first. */
const TEXT_MODELS = 5;

const chartNamed = (chart: string): TrendChartDef => {
  const def = TREND_CHARTS.find((c) => c.endpoint === chart);
  if (!def) throw new NotFoundError(`There is no chart named '${chart}'.`);
  return def;
};

/** The view asked for, or the chart's own; a view the chart does not draw is refused as the page never offers it. */
function viewOf(def: TrendChartDef, query: ChartPictureQuery) {
  const view = query.view ?? def.defaultView;
  const views = viewsOf(def);
  if (!views.includes(view)) throw new FieldErrors({ view: [`${def.title} is drawn ${views.join(', ')} only.`] });
  if (query.compare && !canCompare(def, view, Boolean(query.from)))
    throw new FieldErrors({ compare: [`${def.title} is not compared in this view.`] });
  if (query.limit !== undefined && !(ROW_LIMIT_OPTIONS as readonly number[]).includes(query.limit))
    throw new FieldErrors({ limit: [ROW_LIMIT_MESSAGE] });
  return view;
}

/** What each field of a picture's query chooses, to say that a chart has none. */
const CHOICE: Record<keyof ChartPictureQuery, string> = {
  view: 'view',
  limit: 'limit',
  from: 'range',
  to: 'range',
  compare: 'comparison',
};

/** A chart with no views, ranges or comparison takes none of them (the credits: no limit either). */
function refuseFields(title: string, query: ChartPictureQuery, fields: (keyof ChartPictureQuery)[]) {
  const asked = fields.filter((field) => query[field] !== undefined);
  if (asked.length)
    throw new FieldErrors(Object.fromEntries(asked.map((f) => [f, [`${title} has no ${CHOICE[f]} to choose.`]])));
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * The dashboard's charts drawn on the server as the page draws them (ADRs 057, 060): the same rows as the chart's
 * data route, the same option, title, period line and legend (the stretch compared with included) as the PNG of the
 * chart's menu, in the light scheme. For the route a user opens and for the messages that carry pictures.
 */
export class ChartPictures {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
    private readonly now: () => number,
    /** The rollup built at start: a job may ask before it is ready, and waits for it as the stats routes do. */
    private readonly built: Promise<void>,
  ) {}

  /**
   * `chart` is the chart's data endpoint (`subscription-activity-trend`, `return-rate-by-model`), `query` what its
   * picture route takes, and `viewer` whom it is drawn for: a picture never shows figures its viewer may not open (403).
   */
  async chartPicture(chart: string, query: ChartPictureQuery, viewer: CurrentUser): Promise<ChartPicture> {
    if (chart === RETURNS_CHART) return this.returnsPicture(query, viewer);
    if (chart === CREDITS_CHART) return this.creditsPicture(query, viewer);
    return this.trendPicture(chart, query, viewer);
  }

  /** A trend chart's picture, in a view or a range, compared or not. */
  async trendPicture(chart: string, query: ChartPictureQuery, viewer: CurrentUser): Promise<ChartPicture<StatsRow[]>> {
    const clock = await this.readable(viewer);
    const def = chartNamed(chart);
    const view = viewOf(def, query);
    const rows = await trendRows(this.db, def.endpoint, view, query, clock);
    // "Compare": the same view ending as many periods earlier, as the page asks for it.
    const previous = query.compare
      ? await trendRows(this.db, def.endpoint, view, { limit: query.limit, before: rows.length }, clock)
      : undefined;
    const range = query.from && query.to ? { from: query.from, to: query.to } : undefined;
    const unfinished = unfinishedFrom(rows, view, range, localDate(clock.now, this.timeZone));
    const period = periodShown(rows, view, unfinished);
    const option = trendOption(def, rows, view, new Set(), previous, unfinished);
    const text = rows.slice(-3).map((r) =>
      [
        `  ${r.period}:`,
        ...Object.entries(r)
          .filter(([k]) => k !== 'period')
          .map(([k, v]) => `${k} ${typeof v === 'number' ? number(v) : v}`),
      ].join(' '),
    );
    return { png: draw(option, def.title, period, def.height), rows, title: def.title, period, text };
  }

  /** 21-day returns by product among the latest `limit` deployed devices (100 unless asked). */
  private async returnsPicture(query: ChartPictureQuery, viewer: CurrentUser): Promise<ChartPicture> {
    await this.readable(viewer);
    refuseFields(RETURNS_TITLE, query, ['view', 'from', 'to', 'compare']);
    const limit = query.limit ?? RETURN_CHART_DEFAULT_LIMIT;
    const rows = await returnRateByModel(this.db, limit, this.timeZone);
    const period = returnsPeriod(limit);
    const text = rows.slice(0, TEXT_MODELS).map((r) => `  ${r.model}: ${number(r.returns)}`);
    return {
      png: draw(returnsOption(rows), RETURNS_TITLE, period, RETURNS_HEIGHT),
      rows,
      title: RETURNS_TITLE,
      period,
      text,
    };
  }

  /** The credits due in each of the next 4 weeks, and the remaining credits. */
  private async creditsPicture(query: ChartPictureQuery, viewer: CurrentUser): Promise<ChartPicture> {
    const clock = await this.readable(viewer);
    refuseFields(CREDITS_TITLE, query, ['view', 'limit', 'from', 'to', 'compare']);
    const credits = await upcomingCredits(this.db, clock);
    const period = creditsPeriod(credits);
    const text = creditsDonut(credits).data.map((d) => `  ${d.name}: $${d.value.toFixed(2)}`);
    return {
      png: draw(creditsOption(credits), CREDITS_TITLE, period, CREDITS_HEIGHT),
      rows: credits,
      title: CREDITS_TITLE,
      period,
      text: [...text, `  ${remainingCredits(credits)}`],
    };
  }

  /** The clock a picture is drawn at, once the viewer may see the dashboard and the rollup is built. */
  private async readable(viewer: CurrentUser) {
    if (!allows(viewer.role, statsEndpoints.trend.access)) throw new ForbiddenError();
    await this.built;
    return { now: new Date(this.now()), timeZone: this.timeZone };
  }
}

/** The picture of an option with its title and period line, on a light card, as a PNG that says them as text too. */
function draw(option: EChartsOption, title: string, period: string, height: number): Buffer {
  measureInPictureFont();
  const { svg, legend } = pictureSvg({ option, title, period, height, scheme: 'light', background: LIGHT_CARD });
  const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: PICTURE_SCALE }, font: FONTS }).render().asPng();
  return Buffer.from(described(png, { title, period }, legend));
}
