import { LoadingState, PageHeader } from '../../ui';
import { RequirePermission } from '../auth';
import { useCancellationReasons } from './api';
import { ReasonForm } from './ReasonForm';

export function CreateCancellationReasonPage() {
  return (
    <RequirePermission permission="cancellation-reasons.manage">
      <CreateCancellationReason />
    </RequirePermission>
  );
}

function CreateCancellationReason() {
  const reasons = useCancellationReasons();
  return (
    <>
      <PageHeader title="Add cancellation reason" />
      {reasons.isPending ? (
        <LoadingState />
      ) : (
        <ReasonForm initial={{ name: '', position: '' }} count={reasons.data?.length} successMessage="Reason added." />
      )}
    </>
  );
}
