import { useConfirmAction } from '../../ui';
import type { EquipmentRow } from '../../../contract/equipment';
import { useInvalidateDevices } from '../devices/api';
import { deleteEquipment, markReceived } from './api';

const modelOf = (item: EquipmentRow) => item.product?.model ?? 'phone';

/** 'Mark as Received' and 'Delete Equipment' with their confirmations; both reload every equipment and device view. */
export function useEquipmentActions() {
  const { confirm } = useConfirmAction();
  const invalidate = useInvalidateDevices();
  return {
    received: (item: EquipmentRow, onSuccess?: () => void) =>
      confirm({
        title: 'Mark as Received',
        message: `If you continue, IMEI ${item.imei} will be removed from equipment hold and moved to unbuilt equipment.`,
        confirmLabel: 'Mark as Received',
        action: () => markReceived(item.id),
        successMessage: `IMEI ${item.imei} moved to unbuilt equipment.`,
        onSuccess: async () => {
          onSuccess?.();
          await invalidate();
        },
      }),
    remove: (item: EquipmentRow, onSuccess?: () => void) =>
      confirm({
        title: 'Delete Equipment',
        message: `Alert! This will remove this ${modelOf(item)} (IMEI ${item.imei}) from inventory permanently. Are you sure? This action is permanent!`,
        confirmLabel: 'Delete Equipment',
        danger: true,
        action: () => deleteEquipment(item.id),
        successMessage: `IMEI ${item.imei} was deleted.`,
        onSuccess: async () => {
          onSuccess?.();
          await invalidate();
        },
      }),
  };
}
