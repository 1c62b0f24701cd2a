import { revertEndpoints, type UndoRecordType } from '../../../contract/revert';
import { api } from '../../lib/api';
import { useInvalidate } from '../../lib/data';
import { showUndoToast } from '../../ui';

/**
 * The toast of a reversible change, with Undo for 10 s: Undo asks the server to take back the user's latest
 * change of the record (refused, with its reason, when someone changed it since) and reloads what undoing changes.
 */
export function useUndoToast() {
  const invalidate = useInvalidate();
  return (message: string, record: { entityType: UndoRecordType; entityId: number }) =>
    showUndoToast(message, async () => {
      const result = await api(revertEndpoints.undo, { body: record });
      await invalidate(revertEndpoints.undo);
      return result.message;
    });
}
