import { useConfirmAction } from '../../ui';
import { equipmentEndpoints, type EquipmentRow } from '../../../contract/equipment';
import { useDeviceMutation } from '../devices';

const modelOf = (item: EquipmentRow) => item.product?.model ?? 'phone';

/** 'Mark as Received' and 'Delete Equipment' with their confirmations; both reload every equipment and device view. */
export function useEquipmentActions() {
  const { confirm } = useConfirmAction();
  const received = useDeviceMutation(equipmentEndpoints.received);
  const remove = useDeviceMutation(equipmentEndpoints.remove, { removes: equipmentEndpoints.detail });
  return {
    received: (item: EquipmentRow) =>
      confirm({
        title: 'Mark as Received',
        message: `If you continue, IMEI ${item.imei} will be removed from equipment hold and moved to unbuilt equipment.`,
        confirmLabel: 'Mark as Received',
        action: () => received.mutateAsync({ params: { id: item.id } }),
        successMessage: `IMEI ${item.imei} moved to unbuilt equipment.`,
      }),
    /** `onSuccess` runs once the item is gone, e.g. to leave its page. */
    remove: (item: EquipmentRow, onSuccess?: () => void) =>
      confirm({
        title: 'Delete Equipment',
        message: `Alert! This will remove this ${modelOf(item)} (IMEI ${item.imei}) from inventory permanently. Are you sure? This action is permanent!`,
        confirmLabel: 'Delete Equipment',
        danger: true,
        action: () => remove.mutateAsync({ params: { id: item.id } }),
        successMessage: `IMEI ${item.imei} was deleted.`,
        onSuccess,
      }),
  };
}
