import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cancellationReasons } from '../../db/schema';
import { csvLabel, csvText, type ExportColumn } from '../../db/export-columns';
import { CARRIERS } from '../../../contract/business';

/** Names in place of ids in the exports of subscriptions and cancellations, as the lists show them. */
export const carrierColumn = (carrierId: PgColumn): ExportColumn =>
  csvLabel('Carrier', carrierId, Object.fromEntries(CARRIERS.map((c) => [c.id, c.name])));

/** A reason's name; none for 0 (no reason yet), the id itself for a reason no longer there. */
export const reasonColumn = (reasonId: PgColumn | SQL): ExportColumn =>
  csvText(
    'Cancellation reason',
    sql`case when ${reasonId} <> 0 then coalesce((select ${cancellationReasons.name} from ${cancellationReasons} where ${cancellationReasons.id} = ${reasonId}), ${reasonId}::text) end`,
  );
