import type { Db, Tx } from '../../db/types';
import { DEVICE_STATUS } from '../../../contract/business';
import {
  deviceActionRefusal,
  isBelowPriceThreshold,
  noDeviceWithSim,
  replacementTargetRefusal,
  replacementWarnings,
  type DeviceAction,
  type DeviceFacts,
  type ReplacementData,
  type SimLookupDevice,
} from '../../../contract/devices';
import type { ActionResult, EquipmentState } from '../../../contract/equipment';
import { ActionError, FieldErrors, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  activeSubscription,
  deleteDeviceRow,
  findDeviceBySim,
  findProduct,
  insertDeviceSwap,
  insertEquipment,
  lockDevice,
  moveLine,
  openLoan,
  updateDevice,
  type DeviceRecord,
} from './devices.queries';

interface Locked {
  device: DeviceRecord;
  facts: DeviceFacts;
  model: string;
  price: string | null;
  customerId: number | null;
}

const gone = (id: number) => new ActionError(`Device ${id} no longer exists.`, 404);

/**
 * What decides which actions apply to a locked device (the contract's deviceActionRefusal), and who uses its line:
 * its active subscription and its open loan.
 */
async function actionFacts(tx: Tx, device: DeviceRecord) {
  const subscription = await activeSubscription(tx, device.id);
  const loan = await openLoan(tx, device.id);
  const facts: DeviceFacts = {
    id: device.id,
    hasEquipment: device.productId !== null || device.imei !== null,
    lineDeleted: device.lineDeletedAt !== null,
    activeSubscription: subscription !== undefined,
    loanedTo: loan?.customerName ?? null,
  };
  return { facts, lineUser: subscription?.customerId ?? loan?.customerId ?? null };
}

/** Refuses the action, changing nothing, when it does not apply to the device as it is now. */
function refuseUnlessApplies(action: DeviceAction, facts: DeviceFacts): void {
  const refusal = deviceActionRefusal(action, facts);
  if (refusal) throw new ActionError(refusal);
}

/**
 * One device action: in a transaction, lock the device, re-check that the action still applies (another staff
 * member may have acted first), then run it. Refusals change nothing.
 */
async function actOnDevice<T>(
  db: Db,
  id: number,
  action: DeviceAction,
  run: (tx: Tx, locked: Locked) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const device = await lockDevice(tx, id);
    if (!device) throw gone(id);
    const product = device.productId === null ? undefined : await findProduct(tx, device.productId);
    const { facts, lineUser } = await actionFacts(tx, device);
    refuseUnlessApplies(action, facts);
    return run(tx, {
      device,
      facts,
      model: product?.model ?? 'SIM Only',
      price: product?.price ?? null,
      customerId: lineUser,
    });
  });
}

const simOnly = { imei: null, productId: null } as const;

/** Moves the phone built into a device (model + IMEI) to the equipment table, in the given state. */
async function takeOutEquipment(tx: Tx, userId: number, locked: Locked, state: EquipmentState) {
  const { device } = locked;
  if (!device.imei)
    throw new ActionError(
      `Device ${device.id} has no IMEI recorded, so its equipment cannot be tracked. Please correct.`,
    );
  const row = await insertEquipment(tx, {
    imei: device.imei,
    productId: device.productId,
    state,
    fromDeviceId: device.id,
    customerId: locked.customerId,
  });
  await recordAudit(tx, {
    userId,
    action: 'equipment.created',
    entityType: 'equipment',
    entityId: row.id,
    after: row,
  });
  return row;
}

export function convertWithBlacklistHold(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'blacklistHold', async (tx, locked) => {
    const taken = await takeOutEquipment(tx, userId, locked, 'blacklist_hold');
    const after = await updateDevice(tx, id, {
      ...simOnly,
      lineDeletedAt: new Date(),
      blacklistHold: true,
      deviceStatusId: DEVICE_STATUS.blacklistHold,
    });
    await recordAudit(tx, {
      userId,
      action: 'device.blacklist_hold',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after,
    });
    return {
      message: `Device ${id} is now a SIM Only with its line deleted; the ${locked.model} is on blacklist hold.`,
      equipmentId: taken.id,
    };
  });
}

export function unassignEquipment(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'unassignEquipment', async (tx, locked) => {
    const taken = await takeOutEquipment(tx, userId, locked, 'unbuilt');
    const after = await updateDevice(tx, id, {
      ...simOnly,
      deviceStatusId: DEVICE_STATUS.available,
      unavailable: false,
    });
    await recordAudit(tx, {
      userId,
      action: 'device.unassign_equipment',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after,
    });
    return {
      message: `Device ${id} is now an available SIM Only; IMEI ${taken.imei} moved to unbuilt equipment.`,
      equipmentId: taken.id,
    };
  });
}

export function removeEquipment(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'removeEquipment', async (tx, locked) => {
    const after = await updateDevice(tx, id, {
      ...simOnly,
      deviceStatusId: DEVICE_STATUS.available,
      unavailable: false,
    });
    await recordAudit(tx, {
      userId,
      action: 'device.remove_equipment',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after: { ...after, removedFromInventory: { model: locked.model, imei: locked.device.imei } },
    });
    return {
      message: `Device ${id} is now an available SIM Only; the ${locked.model} was removed from inventory.`,
      equipmentId: null,
    };
  });
}

export function separateEquipment(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'separateEquipment', async (tx, locked) => {
    const taken = await takeOutEquipment(tx, userId, locked, 'returning');
    await deleteDeviceRow(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'device.separate_equipment',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after: { deleted: true, equipmentId: taken.id },
    });
    return {
      message: `IMEI ${taken.imei} moved to returning equipment and device ${id} was deleted.`,
      equipmentId: taken.id,
    };
  });
}

export function deleteLine(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'deleteLine', async (tx, locked) => {
    // A phone worth less than the threshold is not worth recovering: only the line goes.
    const recover = locked.facts.hasEquipment && !isBelowPriceThreshold(locked.price);
    const taken = recover ? await takeOutEquipment(tx, userId, locked, 'unbuilt') : null;
    const after = await updateDevice(tx, id, { ...(recover ? simOnly : {}), lineDeletedAt: new Date() });
    await recordAudit(tx, {
      userId,
      action: 'device.delete_line',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after,
    });
    return {
      message: taken
        ? `The line of device ${id} was deleted; IMEI ${taken.imei} moved to unbuilt equipment.`
        : `The line of device ${id} was deleted.`,
      equipmentId: taken?.id ?? null,
    };
  });
}

export function deleteDevice(db: Db, userId: number, id: number): Promise<ActionResult> {
  return actOnDevice(db, id, 'deleteDevice', async (tx, locked) => {
    const removedFromInventory = locked.facts.hasEquipment && !isBelowPriceThreshold(locked.price);
    await deleteDeviceRow(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'device.delete',
      entityType: 'device',
      entityId: id,
      before: locked.device,
      after: { deleted: true, removedFromInventory },
    });
    return {
      message: removedFromInventory
        ? `Device ${id} was deleted and the ${locked.model} removed from inventory.`
        : `Device ${id} was deleted.`,
      equipmentId: null,
    };
  });
}

export async function lookupBySim(db: Db, sim: string): Promise<SimLookupDevice> {
  const device = await findDeviceBySim(db, sim);
  if (!device) throw new NotFoundError(noDeviceWithSim(sim));
  return { ...device, warnings: replacementWarnings(device) };
}

/** Locks the two devices of a replacement in id order, so that two opposite replacements cannot deadlock. */
async function lockBoth(tx: Tx, id: number, targetId: number) {
  const [first, second] = id < targetId ? [id, targetId] : [targetId, id];
  const lockedFirst = await lockDevice(tx, first);
  const lockedSecond = await lockDevice(tx, second);
  return first === id ? { current: lockedFirst, target: lockedSecond } : { current: lockedSecond, target: lockedFirst };
}

/** The device found by SIM must still be the one looked up, and able to take the phone; the product must exist. */
async function checkReplacementTarget(
  tx: Tx,
  id: number,
  target: DeviceRecord | undefined,
  body: ReplacementData,
): Promise<DeviceRecord> {
  if (!target || target.sim !== body.sim) {
    throw new FieldErrors({
      sim: [
        target
          ? `SIM ${body.sim} does not match the device that was looked up. Look it up again.`
          : noDeviceWithSim(body.sim),
      ],
    });
  }
  const targetRefusal = replacementTargetRefusal(id, { ...target, lineDeleted: target.lineDeletedAt !== null });
  if (targetRefusal) throw new FieldErrors({ sim: [targetRefusal] });
  if (!(await findProduct(tx, body.product_id)))
    throw new FieldErrors({ product_id: ['The selected product id is invalid.'] });
  return target;
}

/** Moves the phone and the line from `current` to `target`, records the swap and audits both devices. */
async function movePhoneAndLine(
  tx: Tx,
  userId: number,
  { current, target }: { current: DeviceRecord; target: DeviceRecord },
  lineUser: number | null,
  body: ReplacementData,
): Promise<void> {
  const now = new Date();
  const movedIn = await updateDevice(tx, target.id, {
    imei: current.imei,
    productId: body.product_id,
    deviceStatusId: current.deviceStatusId,
    unavailable: false,
    deployedAt: current.deployedAt ? now : target.deployedAt,
  });
  const movedOut = await updateDevice(tx, current.id, {
    ...simOnly,
    deviceStatusId: body.device_status_id,
    unavailable: body.unavailable,
  });
  await moveLine(tx, current.id, target.id, now);
  await insertDeviceSwap(tx, {
    deviceId: current.id,
    newDeviceId: target.id,
    supplierId: current.supplierId,
    customerId: lineUser,
    swappedAt: now,
  });
  await recordAudit(tx, {
    userId,
    action: 'device.equipment_moved_out',
    entityType: 'device',
    entityId: current.id,
    before: current,
    after: { ...movedOut, newDeviceId: target.id },
  });
  await recordAudit(tx, {
    userId,
    action: 'device.equipment_moved_in',
    entityType: 'device',
    entityId: target.id,
    before: target,
    after: { ...movedIn, fromDeviceId: current.id },
  });
}

/**
 * Move equipment / device replacement: the phone of the current device moves onto the device found by SIM, the
 * current device becomes a SIM Only with the chosen status, and the line's subscription and loan follow the phone.
 */
export async function replaceDevice(
  db: Db,
  userId: number,
  id: number,
  body: ReplacementData,
): Promise<{ newDeviceId: number }> {
  const targetId = body.new_device_id;
  if (targetId === id)
    throw new FieldErrors({
      sim: [replacementTargetRefusal(id, { id, imei: null, sim: body.sim, lineDeleted: false })!],
    });
  return db.transaction(async (tx) => {
    const locked = await lockBoth(tx, id, targetId);
    if (!locked.current) throw gone(id);
    const { facts, lineUser } = await actionFacts(tx, locked.current);
    refuseUnlessApplies('replace', facts);
    const target = await checkReplacementTarget(tx, id, locked.target, body);
    await movePhoneAndLine(tx, userId, { current: locked.current, target }, lineUser, body);
    return { newDeviceId: target.id };
  });
}
