import type { Config } from '../config';
import type { Database } from '../db/types';

/** What every module's plugin is given; a module that needs a shared service (mailer, ...) names it beside. */
export interface ModuleDeps {
  config: Config;
  database: Database;
  now: () => number;
}
