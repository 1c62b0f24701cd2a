import type { Db } from '../../db/types';
import { FieldErrors, NotFoundError } from '../../http/errors';
import { recordAudit } from '../audit';
import {
  PARCEL_MESSAGES,
  type Container,
  type ContainerInput,
  type Parcel,
  type ParcelInput,
} from '../../../contract/parcels';
import {
  customerExists,
  deleteContainerRow,
  findContainer,
  insertContainer,
  insertParcel,
  isContainerNameTaken,
  isCustomersDevice,
  isCustomersEquipment,
  listParcels,
  updateContainerRow,
} from './parcels.queries';

export function createContainer(db: Db, userId: number, values: ContainerInput): Promise<Container> {
  return db.transaction(async (tx) => {
    if (await isContainerNameTaken(tx, values.name))
      throw new FieldErrors({ name: [PARCEL_MESSAGES.containerNameTaken] });
    const created = await insertContainer(tx, values);
    if (!created) throw new FieldErrors({ name: [PARCEL_MESSAGES.containerNameTaken] });
    await recordAudit(tx, {
      userId,
      action: 'container.created',
      entityType: 'container',
      entityId: created.id,
      after: created,
    });
    return created;
  });
}

/** `unless` sees the container as it is, locked, and may refuse the change (a revert of a change since changed). */
export function updateContainer(
  db: Db,
  userId: number,
  id: number,
  values: ContainerInput,
  unless?: (current: Container) => void,
): Promise<Container> {
  return db.transaction(async (tx) => {
    const before = await findContainer(tx, id, { lock: true });
    if (!before) throw new NotFoundError(PARCEL_MESSAGES.containerNotFound);
    unless?.(before);
    if (await isContainerNameTaken(tx, values.name, id))
      throw new FieldErrors({ name: [PARCEL_MESSAGES.containerNameTaken] });
    const after = await updateContainerRow(tx, id, values);
    await recordAudit(tx, {
      userId,
      action: 'container.updated',
      entityType: 'container',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Parcels keep their own dimensions; they only lose the link to the deleted container. */
export function deleteContainer(db: Db, userId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const before = await findContainer(tx, id, { lock: true });
    if (!before) throw new NotFoundError(PARCEL_MESSAGES.containerNotFound);
    await deleteContainerRow(tx, id);
    await recordAudit(tx, { userId, action: 'container.deleted', entityType: 'container', entityId: id, before });
  });
}

export function createParcel(db: Db, userId: number, input: ParcelInput): Promise<Parcel> {
  return db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {};
    if (!(await customerExists(tx, input.customer_id))) errors.customer_id = [PARCEL_MESSAGES.customerMissing];
    else {
      if (input.device_id !== null && !(await isCustomersDevice(tx, input.customer_id, input.device_id)))
        errors.device_id = [PARCEL_MESSAGES.deviceNotCustomers];
      if (input.equipment_id !== null && !(await isCustomersEquipment(tx, input.customer_id, input.equipment_id)))
        errors.equipment_id = [PARCEL_MESSAGES.equipmentNotCustomers];
    }
    if (input.container_id !== null && !(await findContainer(tx, input.container_id)))
      errors.container_id = [PARCEL_MESSAGES.containerMissing];
    if (Object.keys(errors).length) throw new FieldErrors(errors);

    const id = await insertParcel(tx, {
      customerId: input.customer_id,
      direction: input.direction,
      deviceId: input.device_id,
      equipmentId: input.equipment_id,
      containerId: input.container_id,
      length: String(input.length),
      width: String(input.width),
      height: String(input.height),
      weight: String(input.weight),
      createdById: userId,
    });
    const created = (await listParcels(tx, { id, page: 1, perPage: 25, sort: '-createdAt' })).rows[0]!;
    await recordAudit(tx, { userId, action: 'parcel.created', entityType: 'parcel', entityId: id, after: created });
    return created;
  });
}
