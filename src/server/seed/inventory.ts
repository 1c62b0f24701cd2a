import { DEVICE_STATUS } from '../../contract/business';
import type { RowSink } from './bulk-insert';
import { PRODUCTS } from './catalog';
import { DAY_SECONDS } from './calendar';
import { imeiFor, phoneFor, simFor } from './identifiers';
import { CITIES } from './places';
import { Random, Weighted } from './random';
import { DEVICES, EQUIPMENT, LOANERS } from './tables';
import type { Cursor, World } from './world';

/*
 * Stock beside the customers' lines: spare SIM-only lines ready for a replacement, loaner phones, and phones outside
 * a device in every equipment state. Sized from the number of customers.
 */

const HOUR = 3600;
const STREAM = 5;
// IMEI serials of equipment start above any line position, so they never repeat a device's IMEI.
const EQUIPMENT_SERIALS = 50_000_000;

type EquipmentState = 'inventory' | 'hold' | 'unbuilt' | 'returning' | 'blacklist_hold';
const STATE = new Weighted<EquipmentState>(
  ['inventory', 'unbuilt', 'hold', 'returning', 'blacklist_hold'],
  [35, 20, 15, 20, 10],
);

function inventorySizes(customers: number) {
  return {
    spares: Math.round(customers * 0.01) + 40,
    loaners: Math.round(customers * 0.004) + 12,
    equipment: Math.round(customers * 0.03) + 60,
  };
}

function phoneModel(rng: Random, day: number): number {
  const models = PRODUCTS.flatMap((p, i) => (p.price !== '0.00' && p.released <= day ? [i] : []));
  return models[models.length - 1 - Math.min(rng.int(0, 3), models.length - 1)]!;
}

export function emitInventory(world: World, cursor: Cursor, sink: RowSink): void {
  const { clock, catalog, ids, seed } = world;
  const rng = new Random(seed, STREAM);
  const sizes = inventorySizes(world.customers);
  let position = cursor.lines;
  const customer = () => rng.int(0, world.customers - 1);
  const supplier = () => rng.pick(catalog.supplierIds);

  for (let s = 0; s < sizes.spares; s++, position++) {
    const created = clock.past(clock.today - rng.int(0, 720), rng.int(9 * HOUR, 17 * HOUR));
    const phone = phoneFor(rng.pick(CITIES).areaCode, position);
    sink.add(DEVICES, [
      ids.device + position + 1,
      null,
      simFor(ids.device + position + 1),
      phone,
      null,
      DEVICE_STATUS.available,
      supplier(),
      false,
      false,
      null,
      null,
      created,
      created,
    ]);
  }

  for (let l = 0; l < sizes.loaners; l++, position++) {
    const deviceId = ids.device + position + 1;
    const model = phoneModel(rng, clock.today);
    const started = clock.at(clock.today - rng.int(1, 180), rng.int(9 * HOUR, 17 * HOUR));
    const returnedAt = started + rng.int(7, 45) * DAY_SECONDS;
    const returned = rng.chance(0.6) && returnedAt <= clock.nowSec;
    sink.add(DEVICES, [
      deviceId,
      imeiFor(model, position),
      simFor(deviceId),
      phoneFor(rng.pick(CITIES).areaCode, position),
      catalog.productIds[model]!,
      returned ? DEVICE_STATUS.available : DEVICE_STATUS.deployed,
      supplier(),
      false,
      false,
      null,
      started,
      started,
      returned ? returnedAt : started,
    ]);
    sink.add(LOANERS, [deviceId, ids.customer + customer() + 1, started, returned ? returnedAt : null]);
  }

  for (let e = 0; e < sizes.equipment; e++) {
    const state = STATE.pick(rng);
    const model = phoneModel(rng, clock.today);
    const created = clock.past(
      clock.today - rng.int(0, state === 'inventory' ? 365 : 60),
      rng.int(9 * HOUR, 17 * HOUR),
    );
    // Phones on hold, on their way back or blacklisted came out of a customer's line.
    const owner = state === 'inventory' || state === 'unbuilt' ? null : customer();
    sink.add(EQUIPMENT, [
      imeiFor(model, EQUIPMENT_SERIALS + e),
      catalog.productIds[model]!,
      state,
      owner === null ? null : ids.device + cursor.firstLineOf[owner]! + 1,
      owner === null ? null : ids.customer + owner + 1,
      created,
      created,
    ]);
  }
}
