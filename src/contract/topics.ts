/**
 * The data sets of the app, as the endpoint table names them (ADR 033): every GET declares the topics its answer is
 * read from, every write the topics it changes. Server caches, map indexes and the web's cached queries are dropped
 * from these declarations, never from a URL.
 */
export const TOPICS = [
  'audit',
  'cancellation-reasons',
  'customers',
  'devices',
  'equipment',
  'feedback',
  'jobs',
  'mail',
  'notifications',
  'parcel-containers',
  'parcels',
  'prospects',
  'saved-views',
  'sessions',
  'settings',
  'staff',
  'subscriptions',
  'suppliers',
  'two-factor',
  // Read-only through the API, below.
  'backups',
  'places',
  'server',
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * Topics no call of the API writes: customers come from the sign-up site, backups from the backup command, places
 * from the bundled basemap, and `server` is the process itself (health, metrics, configuration, documentation).
 */
export const READ_ONLY_TOPICS: readonly Topic[] = ['backups', 'customers', 'places', 'server'];
