/** What other modules may use of parcels: the guarded container edit a revert goes through. */
export { updateContainer } from './parcels.service';
