import { Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { DataTable, ModalLink, PageHeader } from '../../ui';
import { paths } from '../../paths';
import { useCancellationReasons } from './api';
import { reasonColumns } from './reasonColumns';
import { useReasonActions } from './useReasonActions';

export function CancellationReasonsPage() {
  const reasons = useCancellationReasons();
  const rows = reasons.data;
  const actions = useReasonActions(rows);
  const columns = reasonColumns(rows, actions);

  return (
    <>
      <PageHeader
        title="Cancellation reasons"
        description="The picker offers the reasons in this order. Retired reasons leave the picker but stay on history and charts."
        actions={
          <ModalLink
            href={paths.cancellationReasonCreate}
            title="Add cancellation reason"
            successMessage="Reason added."
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconPlus size={16} aria-hidden />
              Add reason
            </Group>
          </ModalLink>
        }
      />
      <DataTable
        caption="Cancellation reasons"
        columns={columns}
        rows={rows}
        loading={reasons.isPending}
        error={reasons.error}
        onRetry={() => reasons.refetch()}
        minWidth={340}
        empty="No cancellation reasons yet. Add the first one."
      />
    </>
  );
}
