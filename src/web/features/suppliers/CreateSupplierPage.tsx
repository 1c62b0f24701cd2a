import { PageHeader } from '../../ui';
import { blankSupplier, SupplierForm } from './SupplierForm';

export function CreateSupplierPage() {
  return (
    <>
      <PageHeader title="Add supplier" />
      <SupplierForm initial={blankSupplier} successMessage="Supplier added." />
    </>
  );
}
