import { CARRIERS, DEVICE_STATUS, DEVICE_STATUSES, RETURN_REASONS, RETURN_WINDOW_DAYS } from '../../contract/business';
import { addMonths, civilFromDays, DAY_SECONDS, daysFromCivil } from './calendar';
import { CANCELLATION_REASONS, PRODUCTS, REASON_FOR_RETURN, SUPPLIER_WEIGHTS } from './catalog';
import type { RowSink } from './bulk-insert';
import { imeiFor, phoneFor, simFor } from './identifiers';
import { emailOf, person, streetAddress } from './names';
import { CITIES } from './places';
import { Random, Weighted } from './random';
import { isReturnDay } from './rules';
import {
  CANCELLATIONS,
  CREDITS,
  CUSTOMERS,
  DEVICES,
  DEVICE_SWAPS,
  LOOKUP_REQUESTS,
  PARCELS,
  PROMO_EMAILS,
  REFERRAL_CODES,
  RESET_REQUESTS,
  SUBSCRIPTIONS,
} from './tables';
import type { Cursor, World } from './world';

/*
 * One customer's whole history: the order (one line, sometimes two), the phone and SIM, a 21-day return or later
 * churn, renewals, credits, swaps and resets, parcels and plan lookups. Each customer draws from its own random
 * stream, so a customer's history depends only on the seed and its position.
 */

const HOUR = 3600;
const STREAM = 2;
const CODE_STREAM = 3;

const RETURN_RATE = 0.065;
const MONTHLY_CHURN = 0.025;
const SECOND_LINE_RATE = 0.08;
const SIM_ONLY_RATE = 0.05;
const REFERRAL_CODE_RATE = 0.2;
const REFERRAL_CREDIT = 25;
const SWAPS_PER_MONTH = 0.006;
const RESETS_PER_MONTH = 0.012;
const UNCONVERTED_LOOKUPS_PER_CUSTOMER = 0.5;
const DRIP_DAYS = [1, 3, 7];
const RECENT_DAYS = 21;
const PARCEL_DAYS = 90;

// The T-Mobile/Sprint merger closed in April 2020; Sprint took no new orders after that month.
const SPRINT_LAST_DAY = daysFromCivil(2020, 4, 30);
const carrierId = (name: string) => CARRIERS.find((c) => c.name === name)!.id;
const CARRIER_IDS = ['Verizon', 'AT&T', 'T-Mobile', 'Sprint'].map(carrierId);
const WITH_SPRINT = new Weighted(CARRIER_IDS, [35, 30, 25, 10]);
const WITHOUT_SPRINT = new Weighted(CARRIER_IDS, [35, 30, 25, 0]);

type Source = 'direct' | 'google_cpc' | 'referral' | 'plan_lookup_promo';
const SOURCES = new Weighted<Source>(['direct', 'google_cpc', 'referral', 'plan_lookup_promo'], [65, 20, 8, 7]);
const PHONE_PLANS = new Weighted([39.99, 49.99, 59.99, 69.99, 79.99], [15, 30, 30, 15, 10]);
const SIM_PLANS = new Weighted([24.99, 29.99, 34.99], [30, 50, 20]);
const CITY = new Weighted(
  CITIES,
  CITIES.map((c) => c.weight),
);
const SUPPLIER = new Weighted(
  SUPPLIER_WEIGHTS.map((_, i) => i),
  SUPPLIER_WEIGHTS,
);
const RETURN_REASON = new Weighted(
  RETURN_REASONS.map((r) => r.id),
  [35, 25, 20, 12, 8],
);
const ANY_REASON = new Weighted(
  CANCELLATION_REASONS.map((r) => r.name),
  CANCELLATION_REASONS.map((r) => r.weight),
);
const ACTIVE_REASON = new Weighted(
  CANCELLATION_REASONS.map((r) => r.name),
  CANCELLATION_REASONS.map((r) => ('retired' in r ? 0 : r.weight)),
);
const CREDIT_AMOUNTS = [5, 10, 15, 20, 25, 50];
const status = (description: string) => DEVICE_STATUSES.find((s) => s.description === description)!.id;
const PENDING = status('Pending Activation');
const LOST = status('Lost / Stolen');
const UNAVAILABLE = status('Unavailable');
const RETURNING = status('Returning');

function hasReferralCode(seed: number, customer: number): boolean {
  return new Random(seed, CODE_STREAM, customer).chance(REFERRAL_CODE_RATE);
}

const productChoices = new Map<number, Weighted<number>>();

/** A phone model on the market that day, favouring recent releases; null for a SIM-only line. */
function pickProduct(rng: Random, day: number): number | null {
  if (rng.chance(SIM_ONLY_RATE)) return null;
  let choice = productChoices.get(day);
  if (!choice) {
    const weights = PRODUCTS.map((p) =>
      p.released > day ? 0 : p.price === '0.00' ? p.popularity : p.popularity * Math.exp(-(day - p.released) / 600),
    );
    choice = new Weighted(
      PRODUCTS.map((_, i) => i),
      weights,
    );
    productChoices.set(day, choice);
  }
  return choice.pick(rng);
}

function monthsBetween(fromDay: number, toDay: number): number {
  const a = civilFromDays(fromDay);
  const b = civilFromDays(toDay);
  return (b.year - a.year) * 12 + b.month - a.month;
}

interface Cancellation {
  day: number;
  sec: number;
  isReturn: boolean;
  returnReasonId: number | null;
  reasonId: number;
}

/** A return within the window, churn at a steady monthly rate after it, or none (yet). */
function cancellationOf(world: World, rng: Random, orderDay: number, orderSec: number): Cancellation | null {
  const { clock, catalog } = world;
  const returned = rng.chance(RETURN_RATE);
  let day: number;
  if (returned) {
    day = orderDay + rng.int(0, RETURN_WINDOW_DAYS);
  } else {
    const months = 1 + Math.floor(Math.log(1 - rng.next()) / Math.log(1 - MONTHLY_CHURN));
    day = Math.max(addMonths(orderDay, months) - rng.int(0, 27), orderDay + RETURN_WINDOW_DAYS + 1);
  }
  const sec = Math.max(clock.at(day, rng.int(8 * HOUR, 20 * HOUR)), orderSec + HOUR / 2);
  if (sec > clock.nowSec) return null;
  const isReturn = isReturnDay(day - orderDay);
  const returnReasonId = isReturn ? RETURN_REASON.pick(rng) : null;
  const reasonName =
    returnReasonId !== null
      ? REASON_FOR_RETURN[returnReasonId]!
      : (day > catalog.reasonRetiredDay ? ACTIVE_REASON : ANY_REASON).pick(rng);
  // Staff record a reason within a few weeks; the latest cancellations still wait for one.
  const awaitingReason = clock.today - day < RECENT_DAYS ? rng.chance(0.85) : rng.chance(0.03);
  return { day, sec, isReturn, returnReasonId, reasonId: awaitingReason ? 0 : catalog.reasonIds.get(reasonName)! };
}

function renewalsUntil(world: World, orderDay: number, secondOfDay: number, endDay: number, endSec: number): number {
  let n = monthsBetween(orderDay, endDay);
  while (n > 0 && world.clock.at(addMonths(orderDay, n), secondOfDay) > endSec) n--;
  return Math.max(n, 0);
}

function lookupRequest(
  world: World,
  rng: Random,
  cursor: Cursor,
  sink: RowSink,
  email: string,
  requestDay: number,
  conversion: { sec: number; subscriptionId: number } | null,
) {
  const { clock, ids } = world;
  const id = ids.lookup + ++cursor.lookups;
  const requestedSec = clock.past(requestDay, rng.int(7 * HOUR, 23 * HOUR));
  sink.add(LOOKUP_REQUESTS, [id, email, requestedSec, conversion?.sec ?? null, conversion?.subscriptionId ?? null]);
  const sent = DRIP_DAYS.map((d) => clock.at(requestDay + d, 9 * HOUR)).filter(
    (s) => s <= clock.nowSec && (!conversion || s < conversion.sec),
  );
  sent.forEach((sentSec, i) =>
    sink.add(PROMO_EMAILS, [id, sentSec, conversion && i === sent.length - 1 ? conversion.sec : null]),
  );
}

function credits(
  world: World,
  rng: Random,
  sink: RowSink,
  line: { customerId: number; subscriptionId: number; day: number; endDay: number; active: boolean },
) {
  const { clock } = world;
  // A goodwill credit during service, applied on its due date.
  if (rng.chance(0.06)) {
    const dueDay = rng.int(line.day, line.endDay) + rng.int(0, 30);
    const applied = clock.at(dueDay, 9 * HOUR);
    sink.add(CREDITS, [
      line.customerId,
      line.subscriptionId,
      rng.pick(CREDIT_AMOUNTS),
      dueDay,
      applied <= clock.nowSec ? applied : null,
    ]);
  }
  // Promotional credits scheduled for the coming weeks (the 'Next 4 Weeks' chart).
  if (line.active && rng.chance(0.03)) {
    sink.add(CREDITS, [
      line.customerId,
      line.subscriptionId,
      rng.pick(CREDIT_AMOUNTS),
      clock.today + rng.int(1, 28),
      null,
    ]);
  }
}

function shipment(
  world: World,
  rng: Random,
  sink: RowSink,
  customerId: number,
  deviceId: number,
  direction: string,
  day: number,
) {
  const { clock, catalog } = world;
  const sec = clock.at(day, rng.int(9 * HOUR, 16 * HOUR));
  if (sec > clock.nowSec) return;
  const container = rng.chance(0.1) ? null : rng.pick(catalog.containers);
  const size = container
    ? [container.length, container.width, container.height]
    : [rng.int(6, 14), rng.int(4, 10), rng.int(1, 5)];
  const weight = Math.max(4, Math.round(rng.normal(11, 2.5) * 10) / 10);
  sink.add(PARCELS, [
    customerId,
    deviceId,
    direction,
    container?.id ?? null,
    ...size,
    weight,
    rng.pick(catalog.staffIds),
    sec,
  ]);
}

/** Recent orders were shipped out, recent returns shipped back. */
function parcels(
  world: World,
  rng: Random,
  sink: RowSink,
  line: { customerId: number; deviceId: number; day: number; cancellation: Cancellation | null },
) {
  const since = world.clock.today - PARCEL_DAYS;
  if (line.day >= since)
    shipment(world, rng, sink, line.customerId, line.deviceId, 'to_customer', line.day + rng.int(0, 1));
  const c = line.cancellation;
  if (c?.isReturn && c.day >= since)
    shipment(world, rng, sink, line.customerId, line.deviceId, 'from_customer', c.day + rng.int(2, 6));
}

/** What every line of one customer's order shares. */
interface Order {
  customerId: number;
  day: number;
  secondOfDay: number;
  orderSec: number;
  areaCode: string;
  email: string;
  source: Source;
  /** The customer (index) whose referral code brought this one, or -1. */
  referrer: number;
  carrier: number;
}

/** A line's device: deployed a few days after the order, then returned, disconnected, or still in service. */
function emitDevice(
  world: World,
  rng: Random,
  sink: RowSink,
  line: { index: number; deviceId: number; product: number | null; supplierId: number },
  order: Order,
  cancellation: Cancellation | null,
): void {
  const { clock, catalog } = world;
  const deploySec = clock.at(order.day + rng.int(1, 3), rng.int(10 * HOUR, 17 * HOUR));
  const deployed = deploySec <= clock.nowSec;
  let deviceStatus: number = deployed ? DEVICE_STATUS.deployed : PENDING;
  let lineDeletedSec: number | null = null;
  let blacklistHold = false;
  if (cancellation?.isReturn) {
    deviceStatus = clock.nowSec - cancellation.sec < 14 * DAY_SECONDS ? RETURNING : DEVICE_STATUS.available;
  } else if (cancellation) {
    const deletedSec = cancellation.sec + rng.int(1, 5) * DAY_SECONDS;
    if (deletedSec <= clock.nowSec) {
      lineDeletedSec = deletedSec;
      blacklistHold = rng.chance(0.04);
      deviceStatus = blacklistHold ? DEVICE_STATUS.blacklistHold : UNAVAILABLE;
    }
  } else if (deployed && rng.chance(0.004)) {
    deviceStatus = LOST;
  }
  const { product } = line;
  sink.add(DEVICES, [
    line.deviceId,
    product === null ? null : imeiFor(product, line.index),
    simFor(line.deviceId),
    phoneFor(order.areaCode, line.index),
    product === null ? null : catalog.productIds[product]!,
    deviceStatus,
    line.supplierId,
    deviceStatus === UNAVAILABLE,
    blacklistHold,
    lineDeletedSec,
    deployed ? deploySec : null,
    order.orderSec,
    Math.max(lineDeletedSec ?? cancellation?.sec ?? 0, deployed ? deploySec : order.orderSec),
  ]);
}

/** A line's subscription, and its cancellation when it ended. */
function emitSubscription(
  sink: RowSink,
  cursor: Cursor,
  line: { subscriptionId: number; deviceId: number; price: number },
  order: Order,
  cancellation: Cancellation | null,
): void {
  const { orderSec } = order;
  sink.add(SUBSCRIPTIONS, [
    line.subscriptionId,
    order.customerId,
    line.deviceId,
    order.carrier,
    order.source,
    order.referrer >= 0 ? cursor.codeOf[order.referrer]! : null,
    line.price,
    cancellation ? 'cancelled' : 'active',
    orderSec,
    cancellation?.sec ?? null,
    cancellation?.reasonId ?? 0,
    orderSec,
    cancellation?.sec ?? orderSec,
  ]);
  if (cancellation) {
    sink.add(CANCELLATIONS, [
      line.subscriptionId,
      cancellation.sec,
      cancellation.isReturn,
      cancellation.reasonId,
      cancellation.returnReasonId,
      cancellation.sec,
      cancellation.sec,
    ]);
  }
}

/** Line `l` of an order: its device, subscription, renewals, credits, swaps, resets, parcels and promo lookup. */
function emitLine(world: World, rng: Random, cursor: Cursor, sink: RowSink, order: Order, l: number): void {
  const { clock, catalog, ids } = world;
  const { customerId, day, orderSec, referrer } = order;
  const line = cursor.lines++;
  const subscriptionId = ids.subscription + line + 1;
  const deviceId = ids.device + line + 1;
  const product = pickProduct(rng, day);
  const price = product !== null && PRODUCTS[product]!.price !== '0.00' ? PHONE_PLANS.pick(rng) : SIM_PLANS.pick(rng);
  const supplierId = catalog.supplierIds[SUPPLIER.pick(rng)]!;
  const cancellation = cancellationOf(world, rng, day, orderSec);
  const endSec = cancellation?.sec ?? clock.nowSec;
  const endDay = cancellation?.day ?? clock.today;
  emitDevice(world, rng, sink, { index: line, deviceId, product, supplierId }, order, cancellation);
  emitSubscription(sink, cursor, { subscriptionId, deviceId, price }, order, cancellation);

  const renewals = renewalsUntil(world, day, order.secondOfDay, endDay, endSec);
  if (renewals > 0) sink.add(world.renewals, [subscriptionId, orderSec, price, renewals], renewals);

  credits(world, rng, sink, { customerId, subscriptionId, day, endDay, active: !cancellation });
  if (l === 0 && referrer >= 0) {
    const dueDay = day + 30;
    const applied = clock.at(dueDay, 9 * HOUR);
    sink.add(CREDITS, [
      ids.customer + referrer + 1,
      ids.subscription + cursor.firstLineOf[referrer]! + 1,
      REFERRAL_CREDIT,
      dueDay,
      applied <= clock.nowSec ? applied : null,
    ]);
  }

  const activeMonths = (endSec - orderSec) / (30.44 * DAY_SECONDS);
  const swaps = rng.poisson(SWAPS_PER_MONTH * activeMonths);
  for (let k = 0; k < swaps; k++)
    sink.add(DEVICE_SWAPS, [deviceId, supplierId, customerId, Math.floor(rng.between(orderSec, endSec))]);
  const resets = rng.poisson(RESETS_PER_MONTH * activeMonths);
  for (let k = 0; k < resets; k++)
    sink.add(RESET_REQUESTS, [deviceId, supplierId, Math.floor(rng.between(orderSec, endSec))]);

  parcels(world, rng, sink, { customerId, deviceId, day, cancellation });

  if (l === 0 && order.source === 'plan_lookup_promo') {
    lookupRequest(world, rng, cursor, sink, order.email, Math.max(day - rng.int(2, 20), world.orders.firstDay), {
      sec: orderSec,
      subscriptionId,
    });
  }
}

/** How the customer came: a referral needs an earlier customer with a code (a few tries), else it counts as direct. */
function sourceOf(world: World, rng: Random, i: number): { source: Source; referrer: number } {
  let source = SOURCES.pick(rng);
  let referrer = -1;
  if (source === 'referral') {
    for (let attempt = 0; attempt < 8 && referrer < 0 && i > 0; attempt++) {
      const j = rng.int(0, i - 1);
      if (hasReferralCode(world.seed, j)) referrer = j;
    }
    if (referrer < 0) source = 'direct';
  }
  return { source, referrer };
}

export function emitCustomer(world: World, i: number, cursor: Cursor, sink: RowSink): void {
  const { clock, ids, seed } = world;
  const rng = new Random(seed, STREAM, i);
  const day = world.orders.dayOf(i, world.customers);
  const secondOfDay = Math.floor(Math.min(Math.max(rng.normal(14.5 * HOUR, 3.2 * HOUR), 7 * HOUR), 23.5 * HOUR));
  const orderSec = clock.past(day, secondOfDay);
  const customerId = ids.customer + i + 1;
  const city = CITY.pick(rng);
  const who = person(rng);
  const email = emailOf(who, customerId, rng);
  cursor.firstLineOf[i] = cursor.lines;
  sink.add(CUSTOMERS, [
    customerId,
    `${who.first} ${who.last}`,
    email,
    phoneFor(city.areaCode, cursor.lines),
    streetAddress(rng),
    city.name,
    city.state,
    `${city.zip3}${String(rng.int(1, 99)).padStart(2, '0')}`,
    +(city.lat + rng.normal(0, 0.08)).toFixed(5),
    +(city.lng + rng.normal(0, 0.1)).toFixed(5),
    orderSec,
  ]);

  if (hasReferralCode(seed, i)) {
    cursor.codeOf[i] = ids.referralCode + ++cursor.codes;
    sink.add(REFERRAL_CODES, [cursor.codeOf[i], `${who.last.toUpperCase()}${customerId}`, customerId, orderSec]);
  }

  const { source, referrer } = sourceOf(world, rng, i);
  const carrier = (day <= SPRINT_LAST_DAY ? WITH_SPRINT : WITHOUT_SPRINT).pick(rng);
  const lines = rng.chance(SECOND_LINE_RATE) ? 2 : 1;
  const order: Order = {
    customerId,
    day,
    secondOfDay,
    orderSec,
    areaCode: city.areaCode,
    email,
    source,
    referrer,
    carrier,
  };
  for (let l = 0; l < lines; l++) emitLine(world, rng, cursor, sink, order, l);

  const unconverted = rng.poisson(UNCONVERTED_LOOKUPS_PER_CUSTOMER);
  for (let k = 0; k < unconverted; k++) {
    const requester = person(rng);
    const requestDay = Math.min(Math.max(day + rng.int(-15, 15), world.orders.firstDay), clock.today);
    lookupRequest(world, rng, cursor, sink, emailOf(requester, ids.lookup + cursor.lookups + 1, rng), requestDay, null);
  }
}
