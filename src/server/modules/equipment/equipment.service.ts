import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { equipment } from '../../db/schema';
import { EQUIPMENT_STATE_LABELS, type ActionResult } from '../../../contract/equipment';
import { ActionError } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { lockEquipment } from './equipment.queries';

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
    const [after] = await tx
      .update(equipment)
      .set({ state: 'unbuilt', updatedAt: new Date() })
      .where(eq(equipment.id, id))
      .returning();
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
    await tx.delete(equipment).where(eq(equipment.id, id));
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
