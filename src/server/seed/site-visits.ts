import type { RowSink } from './bulk-insert';
import { Random } from './random';
import { SITE_VISITS } from './tables';
import type { World } from './world';

const STREAM = 6;
// About 2 % of visitors order, plus a floor of bots and staff.
const VISITORS_PER_ORDER = 45;

/** Visitors per day follow the order volume of that day (same growth, seasons and weekdays), today so far. */
export function emitSiteVisits(world: World, sink: RowSink): void {
  const { clock, orders } = world;
  const elapsedToday = (clock.nowSec - clock.at(clock.today, 0)) / 86_400;
  for (let day = orders.firstDay; day <= clock.today; day++) {
    const rng = new Random(world.seed, STREAM, day);
    const expected = world.customers * orders.share(day) * rng.normal(VISITORS_PER_ORDER, 4) + rng.int(15, 40);
    sink.add(SITE_VISITS, [day, Math.round(day === clock.today ? expected * elapsedToday : expected)]);
  }
}
