/** What other features (parcels, prospects) may use of customers: finding one by name, phone or e-mail. */
export { CustomerSearchBox } from './CustomerSearchBox';
