/** What other modules may use of settings: reading and saving the lookup e-mail (a revert saves through it). */
export { getLookupEmailSettings, saveLookupEmailSettings } from './settings.service';
