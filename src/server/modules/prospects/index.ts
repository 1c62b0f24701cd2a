/** What other modules may use of prospects: which visits a user may see (the prospect map reads them too). */
export { visibleProspects } from './prospect-scope';
