import type { Db } from '../../db/types';
import { EQUIPMENT_STATE_LABELS, type ActionResult } from '../../../contract/equipment';
import { ActionError } from '../../http/errors';
import { recordAudit } from '../audit';
import { deleteEquipmentRow, lockEquipment, setEquipmentState } from './equipment.queries';

const gone = (id: number) => new ActionError(`Equipment ${id} no longer exists.`, 404);

/** Equipment hold → unbuilt, once the phone has arrived. */
export function markReceived(db: Db, userId: number, id: number): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const before = await lockEquipment(tx, id);
    if (!before) throw gone(id);
    if (before.state !== 'hold') {
      throw new ActionError(
        `IMEI ${before.imei} is not on equipment hold: it is listed as ${EQUIPMENT_STATE_LABELS[before.state]}.`,
      );
    }
    const after = await setEquipmentState(tx, id, 'unbuilt');
    await recordAudit(tx, {
      userId,
      action: 'equipment.received',
      entityType: 'equipment',
      entityId: id,
      before,
      after,
    });
    return { message: `IMEI ${before.imei} moved to unbuilt equipment.`, equipmentId: id };
  });
}

export function deleteEquipment(db: Db, userId: number, id: number): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const before = await lockEquipment(tx, id);
    if (!before) throw gone(id);
    await deleteEquipmentRow(tx, id);
    await recordAudit(tx, {
      userId,
      action: 'equipment.delete',
      entityType: 'equipment',
      entityId: id,
      before,
      after: { deleted: true },
    });
    return { message: `IMEI ${before.imei} was removed from inventory.`, equipmentId: null };
  });
}
