/** Saved views: named filters of a list, kept per person on the server. */
export { SavedViewsMenu } from './SavedViewsMenu';
