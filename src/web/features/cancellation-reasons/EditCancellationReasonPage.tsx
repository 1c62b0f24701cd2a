import { useParams } from 'react-router';
import { REASON_NOT_FOUND_MESSAGE } from '../../../contract/cancellation-reasons';
import { ErrorState, LoadingState, PageHeader } from '../../ui';
import { useCancellationReasons } from './api';
import { ReasonForm } from './ReasonForm';

export function EditCancellationReasonPage() {
  const id = Number(useParams().id);
  const reasons = useCancellationReasons();
  const reason = reasons.data?.find((r) => r.id === id);
  return (
    <>
      <PageHeader title="Rename cancellation reason" />
      {reasons.isPending ? (
        <LoadingState />
      ) : reasons.error || !reason ? (
        <ErrorState
          message={reasons.error?.message ?? REASON_NOT_FOUND_MESSAGE}
          onRetry={() => reasons.refetch()}
          error={reasons.error}
        />
      ) : (
        <ReasonForm reasonId={id} initial={{ name: reason.name }} successMessage="Reason renamed." />
      )}
    </>
  );
}
