import type { BusinessClock } from './calendar';
import type { Catalog } from './catalog';
import type { TableSpec } from './bulk-insert';
import type { Timeline } from './timeline';

/** Everything the row generators share; ids are base + 1-based position so children know their parents' ids. */
export interface World {
  seed: number;
  clock: BusinessClock;
  orders: Timeline;
  prospects: Timeline;
  customers: number;
  prospectCount: number;
  catalog: Catalog;
  /** Renewal schedules, expanded by the database in the business time zone. */
  renewals: TableSpec;
  ids: {
    customer: number;
    device: number;
    subscription: number;
    referralCode: number;
    lookup: number;
    prospect: number;
  };
}

/** Running positions while generating, in id order. */
export class Cursor {
  lines = 0;
  codes = 0;
  lookups = 0;
  /** Position of each customer's first line (subscription and its device). */
  readonly firstLineOf: Int32Array;
  /** Referral code id of each customer, 0 for none. */
  readonly codeOf: Int32Array;

  constructor(customers: number) {
    this.firstLineOf = new Int32Array(customers);
    this.codeOf = new Int32Array(customers);
  }
}
