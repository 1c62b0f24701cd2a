/** What other features use of the dashboard: its charts, as the digest offers them. */
export { TREND_CHARTS, viewsOf } from './charts';
export type { TrendChartDef } from './charts';
