/** What other modules may use of suppliers: the guarded edit a revert goes through. */
export { updateSupplier } from './suppliers.service';
