import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import { DONUT_PALETTE, UPCOMING_CREDIT_WEEKS } from '../../contract/business';
import type { UpcomingCredits } from '../../contract/stats';
import { donutOption, type DonutData } from '../donut';
import { periodLabel } from './trend-option';

/** Upcoming credits (§2): a donut of the credits due in each of the next 4 weeks, and the remaining credits. */
export const CREDITS_TITLE = 'Next 4 Weeks';
export const CREDITS_HEIGHT = 400;

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (amount: number) => `$${dollars(amount)}`;

/** The donut's slices, one a week by its first day, with their colours and how a value is written. */
export const creditsDonut = (credits: UpcomingCredits): DonutData => ({
  data: credits.weeks.map((w) => ({ name: `Week of ${periodLabel(w.period, 'daily')}`, value: Number(w.amount) })),
  colors: DONUT_PALETTE,
  format: money,
});

/** The chart's option, as the page draws it and its pictures show it. */
export const creditsOption = (credits: UpcomingCredits): EChartsOption => donutOption(creditsDonut(credits));

/** The figure beside the donut (§2), exactly as the page writes it. */
export const remainingCredits = (credits: UpcomingCredits) =>
  `Remaining Credits: $${dollars(Number(credits.remaining))}`;

/** The period line of its picture, which carries the remaining credits too: the card's headline figure. */
export const creditsPeriod = (credits: UpcomingCredits) =>
  `Weekly · ${UPCOMING_CREDIT_WEEKS} weeks from ${dayjs(credits.weeks[0]?.period).format('MMM D, YYYY')} · ${remainingCredits(credits)}`;
