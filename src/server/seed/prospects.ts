import { CARRIERS, PROSPECT_ACTIONS, TOPOGRAPHIES } from '../../contract/business';
import type { RowSink } from './bulk-insert';
import { person, streetAddress } from './names';
import { CITIES, REP_TERRITORIES } from './places';
import { Random, Weighted } from './random';
import { PROSPECTS, PROSPECT_TOPOGRAPHIES, SPEED_TESTS } from './tables';
import type { Cursor, World } from './world';

/*
 * Door-to-door visits by field reps around the cities of their territory, with speed tests for every carrier, the
 * lie of the land, and about one in five converted into a subscription.
 */

const HOUR = 3600;
const STREAM = 4;

const actionId = (description: string) => PROSPECT_ACTIONS.find((a) => a.description === description)!.id;
const NOT_HOME = actionId('Not Home');
const ACTIONS = [
  { id: actionId('Signed Up'), weight: 15, conversion: 0.9, taken: 'Signed up on the spot' },
  { id: actionId('Call Back'), weight: 10, conversion: 0.25, taken: 'Asked for a call back this week' },
  { id: actionId('Send Pricing'), weight: 8, conversion: 0.2, taken: 'E-mailed plan pricing' },
  { id: actionId('Return Visit'), weight: 7, conversion: 0.25, taken: 'Scheduled a return visit' },
  { id: NOT_HOME, weight: 25, conversion: 0, taken: 'Left a door hanger' },
  { id: actionId('Not Interested'), weight: 20, conversion: 0, taken: 'Declined, happy with current carrier' },
  { id: actionId('Left Information'), weight: 15, conversion: 0.1, taken: 'Left a brochure with a neighbour' },
];
const ACTION = new Weighted(
  ACTIONS,
  ACTIONS.map((a) => a.weight),
);
const LANDSCAPES = TOPOGRAPHIES.filter((t) => !t.isOther);
const LANDSCAPE = new Weighted(
  LANDSCAPES.map((t) => t.id),
  [30, 25, 8, 20, 10, 7],
);
const OTHER_TOPOGRAPHY = TOPOGRAPHIES.find((t) => t.isOther)!.id;
const OTHER_KINDS = ['Lakefront', 'Farmland', 'River bottom', 'Mobile home park', 'Ridge top', 'Coastal marsh'];
const COMMENTS = [
  'Signal drops inside the house, fine on the porch.',
  'Works from home, needs a reliable hotspot.',
  'Family of five, interested in multiple lines.',
  'Currently paying too much with their carrier.',
  'Neighbour is already a member.',
  'Asked about coverage at their lake house.',
];
const PLAN_PRICES = [39.99, 49.99, 59.99, 69.99, 79.99];
const round2 = (x: number) => Math.round(x * 100) / 100;

function speedReadings(rng: Random): number[] {
  if (rng.chance(0.08)) return [0, 0, 0];
  const typical = Math.exp(rng.normal(Math.log(25), 0.7));
  return [0, 1, 2].map(() => (rng.chance(0.04) ? 0 : round2(typical * rng.between(0.75, 1.25))));
}

export function emitProspect(world: World, k: number, cursor: Cursor, sink: RowSink): void {
  const { clock, catalog, ids, seed } = world;
  const rng = new Random(seed, STREAM, k);
  const id = ids.prospect + k + 1;
  const day = world.prospects.dayOf(k, world.prospectCount);
  const sec = clock.past(day, rng.int(9 * HOUR, 19 * HOUR));
  const rep = rng.int(0, catalog.repIds.length - 1);
  const city = CITIES[rng.pick(REP_TERRITORIES[rep % REP_TERRITORIES.length]!)]!;
  const fromDevice = rng.chance(0.85);
  const spread = fromDevice ? 0.12 : 0.03;
  const who = person(rng);
  const action = ACTION.pick(rng);

  let customerId: number | null = null;
  let subscriptionId: number | null = null;
  let convertedSec: number | null = null;
  let revenue = 0;
  if (rng.chance(action.conversion)) {
    const convertedDay = day + (action.conversion > 0.5 ? rng.int(0, 3) : rng.int(3, 45));
    const at = clock.at(convertedDay, rng.int(9 * HOUR, 18 * HOUR));
    if (at <= clock.nowSec) {
      convertedSec = at;
      revenue = round2(rng.pick(PLAN_PRICES) * rng.int(1, 3));
      // The order placed that day, when there is one, is the converted prospect's subscription.
      const customer = world.orders.firstIndexOn(convertedDay, world.customers);
      if (customer < world.customers && world.orders.dayOf(customer, world.customers) === convertedDay) {
        customerId = ids.customer + customer + 1;
        subscriptionId = ids.subscription + cursor.firstLineOf[customer]! + 1;
      }
    }
  } else if (rng.chance(0.05)) {
    // A visit to an existing member.
    const members = world.orders.firstIndexOn(day, world.customers);
    if (members > 0) customerId = ids.customer + rng.int(0, members - 1) + 1;
  }

  const landscapes = new Set<number>([LANDSCAPE.pick(rng), ...(rng.chance(0.3) ? [LANDSCAPE.pick(rng)] : [])]);
  const other = rng.chance(0.04);
  if (other) landscapes.add(OTHER_TOPOGRAPHY);
  const comments = other ? rng.pick(OTHER_KINDS) : rng.chance(0.2) ? rng.pick(COMMENTS) : null;

  sink.add(PROSPECTS, [
    id,
    catalog.repIds[rep]!,
    rng.chance(0.1) ? catalog.staffIds[0]! : catalog.repIds[rep]!,
    customerId,
    `${who.first} ${who.last}`,
    streetAddress(rng),
    city.name,
    city.state,
    `${city.zip3}${String(rng.int(1, 99)).padStart(2, '0')}`,
    +(city.lat + rng.normal(0, spread)).toFixed(5),
    +(city.lng + rng.normal(0, spread * 1.2)).toFixed(5),
    fromDevice ? 'device' : 'zip',
    rng.chance(0.08),
    action.id,
    action.taken,
    rng.chance(0.3),
    comments,
    revenue,
    convertedSec,
    subscriptionId,
    sec,
  ]);
  // Nobody answered the door: no speed test (§4).
  if (action.id !== NOT_HOME) {
    for (const carrier of CARRIERS) sink.add(SPEED_TESTS, [id, carrier.id, ...speedReadings(rng)]);
  }
  for (const topography of landscapes) sink.add(PROSPECT_TOPOGRAPHIES, [id, topography]);
}
