import { LoadingState, PageHeader } from '../../ui';
import { useCancellationReasons } from './api';
import { ReasonForm } from './ReasonForm';

export function CreateCancellationReasonPage() {
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
