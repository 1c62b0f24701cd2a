import { PageHeader } from '../../ui';
import { RequirePermission } from '../auth';
import { blankSupplier, SupplierForm } from './SupplierForm';

export function CreateSupplierPage() {
  return (
    <RequirePermission permission="suppliers.manage">
      <PageHeader title="Add supplier" />
      <SupplierForm initial={blankSupplier} successMessage="Supplier added." />
    </RequirePermission>
  );
}
