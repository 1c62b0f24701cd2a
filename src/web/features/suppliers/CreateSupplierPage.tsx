import { supplierPaths } from '../../../contract/suppliers';
import { PageHeader } from '../../ui';
import { blankSupplier, SupplierForm } from './SupplierForm';

export function CreateSupplierPage() {
  return (
    <>
      <PageHeader title="Add supplier" />
      <SupplierForm method="post" url={supplierPaths.list} initial={blankSupplier} successMessage="Supplier added." />
    </>
  );
}
