import { useQuery } from '@tanstack/react-query';
import {
  cancellationReasonPaths,
  cancellationReasonUrls,
  type CancellationReason,
} from '../../../contract/cancellation-reasons';
import { http } from '../../lib/http';

export const reasonKeys = { all: ['cancellation-reasons'] as const };

/** Every reason, retired ones included (history shows their names), in picker order. */
export function useCancellationReasons() {
  return useQuery({
    queryKey: reasonKeys.all,
    queryFn: () => http.get<CancellationReason[]>(cancellationReasonPaths.list),
  });
}

export const reorderReasons = (ids: number[]) => http.put<CancellationReason[]>(cancellationReasonPaths.order, { ids });
export const retireReason = (id: number) => http.post<CancellationReason>(cancellationReasonUrls.retire(id));
export const restoreReason = (id: number) => http.post<CancellationReason>(cancellationReasonUrls.restore(id));
export const deleteReason = (id: number) => http.delete<void>(cancellationReasonUrls.item(id));

/** "Moved (retired)" for a retired reason, "—" for none. */
export function reasonLabel(reasons: CancellationReason[] | undefined, id: number): string {
  if (id === 0) return '—';
  const reason = reasons?.find((r) => r.id === id);
  if (!reason) return `Reason ${id}`;
  return reason.active ? reason.name : `${reason.name} (retired)`;
}
