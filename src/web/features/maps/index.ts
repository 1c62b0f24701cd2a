/** What other features (customers, the dashboard) may use of maps: the one map of the app. */
export { MarkerMap } from './MarkerMap';
