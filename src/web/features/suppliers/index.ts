/** What other features (device swaps, the dashboard) may use of suppliers. */
export { useSupplierNames } from './api';
