import { List } from '@mantine/core';
import { bulkSummary, useConfirmAction } from '../../ui';
import { equipmentEndpoints, type EquipmentRow } from '../../../contract/equipment';
import { useDeviceMutation } from '../devices';

const modelOf = (item: EquipmentRow) => item.product?.model ?? 'phone';
const receivedText = (item: EquipmentRow) =>
  `If you continue, IMEI ${item.imei} will be removed from equipment hold and moved to unbuilt equipment.`;

/** 'Mark as Received' and 'Delete Equipment' with their confirmations; both reload every view of what they change. */
export function useEquipmentActions() {
  const { confirm } = useConfirmAction();
  const received = useDeviceMutation(equipmentEndpoints.received);
  const receivedMany = useDeviceMutation(equipmentEndpoints.receivedMany);
  const remove = useDeviceMutation(equipmentEndpoints.remove);
  return {
    received: (item: EquipmentRow) =>
      confirm({
        title: 'Mark as Received',
        message: receivedText(item),
        confirmLabel: 'Mark as Received',
        action: () => received.mutateAsync({ params: { id: item.id } }),
        successMessage: (result) => result.message,
      }),
    /**
     * Many at once: the dialog lists each item's own confirmation; each is moved on its own, and `onDone` gets the
     * ids that were not (to keep them chosen) after the summary.
     */
    receivedMany: (items: EquipmentRow[], onDone: (failedIds: number[]) => void) => {
      const imei = new Map(items.map((i) => [i.id, i.imei]));
      return confirm({
        title: `Mark ${items.length} as Received`,
        message: (
          <List size="sm" spacing={4} mah={320} style={{ overflowY: 'auto' }}>
            {items.map((item) => (
              <List.Item key={item.id}>{receivedText(item)}</List.Item>
            ))}
          </List>
        ),
        confirmLabel: `Mark ${items.length} as Received`,
        action: () => receivedMany.mutateAsync({ body: { ids: items.map((i) => i.id) } }),
        successMessage: null,
        onSuccess: (outcome) => {
          bulkSummary(
            outcome,
            (n) => `${n} moved to unbuilt equipment.`,
            (id) => `IMEI ${imei.get(id) ?? id}`,
          );
          onDone(outcome.failed.map((f) => f.id));
        },
      });
    },
    /** `onSuccess` runs once the item is gone, e.g. to leave its page. */
    remove: (item: EquipmentRow, onSuccess?: () => void) =>
      confirm({
        title: 'Delete Equipment',
        message: `Alert! This will remove this ${modelOf(item)} (IMEI ${item.imei}) from inventory permanently. Are you sure? This action is permanent!`,
        confirmLabel: 'Delete Equipment',
        danger: true,
        action: () => remove.mutateAsync({ params: { id: item.id } }),
        successMessage: (result) => result.message,
        onSuccess,
      }),
  };
}
