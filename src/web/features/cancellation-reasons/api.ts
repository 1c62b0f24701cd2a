import { cancellationReasonEndpoints, type CancellationReason } from '../../../contract/cancellation-reasons';
import { useApiQuery } from '../../lib/data';

/** Every reason, retired ones included (history shows their names), in picker order. */
export function useCancellationReasons({ enabled = true } = {}) {
  return useApiQuery(cancellationReasonEndpoints.list, {}, { enabled });
}

/** "Moved (retired)" for a retired reason, "—" for none. */
export function reasonLabel(reasons: CancellationReason[] | undefined, id: number): string {
  if (id === 0) return '—';
  const reason = reasons?.find((r) => r.id === id);
  if (!reason) return `Reason ${id}`;
  return reason.active ? reason.name : `${reason.name} (retired)`;
}
