import { Resvg } from '@resvg/resvg-js';
import { allows } from '../../../contract/access';
import type { CurrentUser } from '../../../contract/auth';
import { statsEndpoints, type ChartPictureQuery, type StatsRow } from '../../../contract/stats';
import { periodShown, trendOption, unfinishedFrom } from '../../../charts/dashboard/trend-option';
import { canCompare, TREND_CHARTS, viewsOf, type TrendChartDef } from '../../../charts/dashboard/trends';
import { described, PICTURE_SCALE, pictureSvg } from '../../../charts/picture';
import type { Db } from '../../db/types';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../http/errors';
import { localDate } from './stats.periods';
import { measureInPictureFont, PICTURE_FONT_FAMILY, PICTURE_FONT_FILES } from './picture-font';
import { trendRows } from './stats.service';

/** A chart drawn on the server: the PNG, the rows it draws (as its data route answers them), its title and period. */
export interface ChartPicture {
  png: Buffer;
  rows: StatsRow[];
  title: string;
  /** As the picture says it: "Monthly · Dec 2025 – Nov 2026 (Nov 2026 so far)". */
  period: string;
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
  return view;
}

/**
 * The dashboard's charts drawn on the server as the page draws them (ADR 057): the same rows as the chart's data
 * route, the same option, title, period line and legend (the stretch compared with included) as the PNG of the
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
   * `chart` is the chart's data endpoint (`subscription-activity-trend`), `query` what its picture route takes, and
   * `viewer` whom it is drawn for: a picture never shows figures its viewer may not open (403).
   */
  async chartPicture(chart: string, query: ChartPictureQuery, viewer: CurrentUser): Promise<ChartPicture> {
    if (!allows(viewer.role, statsEndpoints.trend.access)) throw new ForbiddenError();
    const def = chartNamed(chart);
    const view = viewOf(def, query);
    await this.built;
    const clock = { now: new Date(this.now()), timeZone: this.timeZone };
    const rows = await trendRows(this.db, def.endpoint, view, query, clock);
    // "Compare": the same view ending as many periods earlier, as the page asks for it.
    const previous = query.compare
      ? await trendRows(this.db, def.endpoint, view, { limit: query.limit, before: rows.length }, clock)
      : undefined;
    const range = query.from && query.to ? { from: query.from, to: query.to } : undefined;
    const unfinished = unfinishedFrom(rows, view, range, localDate(clock.now, this.timeZone));
    const period = periodShown(rows, view, unfinished);
    measureInPictureFont();
    const { svg, legend } = pictureSvg({
      option: trendOption(def, rows, view, new Set(), previous, unfinished),
      title: def.title,
      period,
      height: def.height,
      scheme: 'light',
      background: LIGHT_CARD,
    });
    const png = new Resvg(svg, { fitTo: { mode: 'zoom', value: PICTURE_SCALE }, font: FONTS }).render().asPng();
    return { png: Buffer.from(described(png, { title: def.title, period }, legend)), rows, title: def.title, period };
  }
}
