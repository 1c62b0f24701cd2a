import type { AlertCondition, AlertMetric } from '../../../contract/notifications';
import { latestDeployed, type StatsView } from '../../../contract/stats';
import type { Tx } from '../../db/types';
import { kpis, returnRateByModel, rollupSums, trend, upcomingCredits, type StatsClock } from '../stats';

/** A figure as a rule reads it: its value, the same figure one period before, and the stretch it covers. */
export interface Figure {
  value: number;
  previous: number | null;
  /**
   * "2026-10" (a trend's period), "2026-10-01 – 2026-10-30" (a KPI tile's days), "Latest 100 deployed devices" (the
   * returns by model) or "after 2026-12-19" (the remaining credits: those due after the last week shown).
   */
  period: string;
}

/**
 * Reads a rule's figure (ADR 059). A KPI tile is read as the dashboard shows it: the last 30 business days against
 * the 30 before. A trend series is read on its view's last finished period against the one before it: a period
 * still under way is a part of one (a day's orders at 9 am), which would fire "below" rules every morning. A model's
 * returns and the remaining credits are read as their cards show them now, with nothing before them (ADR 061).
 */
export async function readFigure(db: Tx, metric: AlertMetric, view: StatsView, clock: StatsClock): Promise<Figure> {
  if (metric.kind === 'kpi') {
    const shown = await kpis(db, rollupSums, {}, clock);
    const tile = shown.tiles.find((t) => t.key === metric.key)!;
    return { value: tile.value, previous: tile.previous, period: `${shown.from} – ${shown.to}` };
  }
  if (metric.kind === 'returns-by-model') {
    // As the chart counts them: a model that no longer has returns among the latest devices has none.
    const rows = await returnRateByModel(db, metric.limit, clock.timeZone);
    const row = rows.find((r) => r.model === metric.model);
    return { value: row?.returns ?? 0, previous: null, period: latestDeployed(metric.limit) };
  }
  if (metric.kind === 'credits') {
    const credits = await upcomingCredits(db, clock);
    return { value: Number(credits.remaining), previous: null, period: `after ${credits.weeks.at(-1)?.period ?? ''}` };
  }
  const rows = await trend(db, rollupSums, metric.endpoint, view, clock);
  const finished = rows.at(-2);
  const before = rows.at(-3);
  const valueOf = (row: (typeof rows)[number] | undefined) => (row ? Number(row[metric.field] ?? 0) || 0 : null);
  return { value: valueOf(finished) ?? 0, previous: valueOf(before), period: String(finished?.period ?? '') };
}

/** Whether a rule's condition holds for a figure; a change needs a figure before it that is not zero. */
export function conditionHolds(rule: { condition: AlertCondition; threshold: number }, figure: Figure): boolean {
  switch (rule.condition) {
    case 'above':
      return figure.value > rule.threshold;
    case 'below':
      return figure.value < rule.threshold;
    case 'change':
      if (!figure.previous) return false;
      return (Math.abs(figure.value - figure.previous) / Math.abs(figure.previous)) * 100 > rule.threshold;
  }
}

export type Crossing = 'fired' | 'back_to_normal';

/** A rule mails when its condition starts holding and when it stops, never while it keeps holding or not. */
export function crossingOf(firing: boolean, holds: boolean): Crossing | null {
  if (holds && !firing) return 'fired';
  if (!holds && firing) return 'back_to_normal';
  return null;
}
