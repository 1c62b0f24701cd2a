import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { HttpError } from '../../lib/http';
import { ErrorState, LoadingState, PageHeader } from '../../ui';
import { useSupplier } from './api';
import { SupplierForm } from './SupplierForm';
import { AuditHistory } from '../audit';

/** A supplier's form, and who changed the supplier when and how (a change can be taken back from the toast). */
export function EditSupplierPage() {
  const id = useParams().id!;
  const supplier = useSupplier(id);
  return (
    <>
      <PageHeader title={supplier.data ? `Edit ${supplier.data.name}` : 'Edit supplier'} />
      {supplier.isPending ? (
        <LoadingState />
      ) : supplier.error ? (
        <ErrorState
          message={
            supplier.error instanceof HttpError ? supplier.error.firstError : 'The supplier could not be loaded.'
          }
          onRetry={() => supplier.refetch()}
          error={supplier.error}
        />
      ) : (
        <Stack gap="xl">
          <SupplierForm
            key={supplier.data.updatedAt}
            id={id}
            initial={{
              name: supplier.data.name,
              contactName: supplier.data.contactName ?? '',
              contactEmail: supplier.data.contactEmail ?? '',
              contactPhone: supplier.data.contactPhone ?? '',
              prorates: supplier.data.prorates,
              supplierReport: supplier.data.supplierReport,
              frequency: supplier.data.frequency,
              billingCycle: supplier.data.billingCycle,
            }}
            successMessage="Supplier saved."
          />
          <Stack gap="xs">
            <Title order={2} size="h3">
              History
            </Title>
            <AuditHistory entityType="supplier" entityId={supplier.data.id} />
          </Stack>
        </Stack>
      )}
    </>
  );
}
