import { and, eq, lt } from 'drizzle-orm';
import type { DigestCadence } from '../../../contract/notifications';
import { DASHBOARD_PAGE, NOTIFICATIONS_PAGE, UNSUBSCRIBE_PAGE } from '../../../contract/pages';
import {
  CREDITS_CHART,
  RETURNS_CHART,
  STATS_VIEWS,
  type ChartPictureQuery,
  type StatsView,
} from '../../../contract/stats';
import { digestSubscriptions } from '../../db/schema';
import { lastDue, nextDue, type BusinessSchedule } from '../../jobs/business-time';
import { ensureRollup, kpis, rollupSums, type ChartPicture } from '../stats';
import { changeText, escapeHtml, formatTile, notificationMail } from './notification-mail';
import { readersAmong, type NotificationDeps, type Reader } from './notification-deps';
import { signUnsubscribe } from './unsubscribe-tokens';

type Subscription = typeof digestSubscriptions.$inferSelect;

/** A chart of the dashboard drawn for a reader, with the rows drawn (ChartPictures.chartPicture). */
export type DrawChart = (chart: string, query: ChartPictureQuery, reader: Reader) => Promise<ChartPicture>;

/** When a digest is due, in business time: at its hour daily, on its weekday, or on the 1st of each month. */
export function digestSchedule(digest: { cadence: string; weekday: number | null; hour: number }): BusinessSchedule {
  const at = `${String(digest.hour).padStart(2, '0')}:00`;
  const cadence = digest.cadence as DigestCadence;
  if (cadence === 'weekly') return { at, weekday: digest.weekday ?? 1 };
  if (cadence === 'monthly') return { at, monthDay: 1 };
  return { at };
}

export const nextDigestAt = (digest: Parameters<typeof digestSchedule>[0], now: number, timeZone: string) =>
  new Date(nextDue(digestSchedule(digest), now, timeZone));
/** The due time before `now`: a new or changed digest counts it as sent, so its first e-mail is the next one. */
export const lastDigestDue = (digest: Parameters<typeof digestSchedule>[0], now: number, timeZone: string) =>
  new Date(lastDue(digestSchedule(digest), now, timeZone));

/**
 * A chart the digest keeps by name, as its picture is asked for: `{endpoint}-{view}` back into its parts, or a chart
 * with no views in its own way (the returns by model of the latest 100). The contract checked the name when saved.
 */
function chartOf(name: string): { chart: string; query: ChartPictureQuery } {
  if (name === RETURNS_CHART || name === CREDITS_CHART) return { chart: name, query: {} };
  const view = (Object.keys(STATS_VIEWS) as StatsView[]).find((v) => name.endsWith(`-${v}`))!;
  return { chart: name.slice(0, -view.length - 1), query: { view } };
}

/**
 * The digest run (ADR 059): each digest whose due time has passed since the last one it sent is mailed once,
 * under a key naming the digest and the due time. A digest missed while every instance was down is sent once, for
 * its latest due time. Throws when an e-mail failed: the queue tries the run again, and the digest with it.
 */
export async function sendDueDigests(
  deps: NotificationDeps,
  signal: AbortSignal,
  draw: DrawChart,
): Promise<{ sent: number }> {
  const { db, timeZone } = deps;
  const now = deps.now();
  const due = (await db.select().from(digestSubscriptions)).filter(
    (d) => lastDigestDue(d, now, timeZone).getTime() > d.lastDueAt.getTime(),
  );
  if (!due.length) return { sent: 0 };
  await ensureRollup(db, timeZone);
  let sent = 0;
  let failures = 0;
  for (const digest of due) {
    if (signal.aborted) break;
    const dueAt = lastDigestDue(digest, now, timeZone);
    const [reader] = await readersAmong(db, [digest.userId]);
    let lastError: string | null = null;
    if (!reader) lastError = 'Not sent: its owner may not see the dashboard.';
    else {
      try {
        const mail = await digestMail(deps, digest, reader, dueAt, draw);
        if ((await deps.mailer.send(mail, deps.log)).sent) sent += 1;
      } catch (err) {
        failures += 1;
        deps.log.warn({ err, digest: digest.id }, 'digest not sent');
        await db
          .update(digestSubscriptions)
          .set({ lastError: `Not sent: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) })
          .where(eq(digestSubscriptions.id, digest.id));
        continue;
      }
    }
    await db
      .update(digestSubscriptions)
      .set({ lastDueAt: dueAt, lastError })
      .where(and(eq(digestSubscriptions.id, digest.id), lt(digestSubscriptions.lastDueAt, dueAt)));
  }
  if (failures) throw new Error(`${failures} digest(s) could not be sent; tried again at the next run`);
  return { sent };
}

const CADENCE_TITLE: Record<DigestCadence, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

async function digestMail(deps: NotificationDeps, digest: Subscription, reader: Reader, dueAt: Date, draw: DrawChart) {
  const clock = { now: new Date(deps.now()), timeZone: deps.timeZone };
  const figures = await kpis(deps.db, rollupSums, {}, clock);
  const charts = await Promise.all(
    digest.charts.map((name) => chartOf(name)).map((c) => draw(c.chart, c.query, reader)),
  );
  const day = new Intl.DateTimeFormat('en-US', { timeZone: deps.timeZone, dateStyle: 'medium' }).format(dueAt);
  const subject = `${CADENCE_TITLE[digest.cadence as DigestCadence]} digest · ${day}`;
  const page = `${deps.origin}${DASHBOARD_PAGE}`;
  const token = signUnsubscribe(await deps.secret(), { kind: 'digest', id: digest.id, userId: reader.id }, deps.now());

  const tileLines = figures.tiles.map(
    (t) => `${t.label}: ${formatTile(t.format, t.value)} (${changeText(t.value, t.previous)})`,
  );
  const tileCells = figures.tiles
    .map(
      (t) =>
        `<td style="padding:8px 12px;border:1px solid #dee2e6;vertical-align:top"><div style="font-size:12px;color:#495057">${escapeHtml(t.label)}</div>` +
        `<div style="font-size:18px;font-weight:600">${escapeHtml(formatTile(t.format, t.value))}</div>` +
        `<div style="font-size:12px;color:#495057">${escapeHtml(changeText(t.value, t.previous))} against the 30 days before</div></td>`,
    )
    .join('');
  // The picture carries the chart's title, period and legend, as the page's PNG does; its alt text says them too.
  const chartHtml = charts.map(
    (c, i) =>
      `<p style="margin:20px 0 0"><a href="${escapeHtml(page)}"><img src="cid:chart-${i}" alt="${escapeHtml(`${c.title}, ${c.period}`)}" width="600" style="max-width:100%"></a></p>`,
  );
  const chartText = charts.flatMap((c) => ['', `${c.title} (${c.period})`, ...c.text]);
  return notificationMail(
    {
      to: reader.email,
      subject,
      text: [`The last 30 days (${figures.from} – ${figures.to}):`, ...tileLines, ...chartText],
      html: [
        `<h2 style="font-size:18px">${escapeHtml(subject)}</h2>`,
        `<p style="font-size:13px;color:#495057">The last 30 days, ${escapeHtml(figures.from)} – ${escapeHtml(figures.to)}</p>`,
        `<table style="border-collapse:collapse"><tr>${tileCells}</tr></table>`,
        ...chartHtml,
      ],
      idempotencyKey: `digest:${digest.id}:${dueAt.toISOString()}`,
    },
    {
      page,
      manage: `${deps.origin}${NOTIFICATIONS_PAGE}`,
      unsubscribe: `${deps.origin}${UNSUBSCRIBE_PAGE}?token=${token}`,
    },
    charts.map((c, i) => ({ filename: `chart-${i + 1}.png`, content: c.png, cid: `chart-${i}` })),
  );
}
