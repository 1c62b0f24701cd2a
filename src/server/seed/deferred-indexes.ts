import { sql } from 'drizzle-orm';
import type { Tx } from '../db/types';
import { rowsOf } from '../db/rows';

interface Definition {
  name: string;
  table: string;
  def: string;
}

/**
 * Drops the tables' secondary indexes and foreign keys for a bulk load and returns what rebuilds them: one sorted
 * index build and one anti-join per foreign key cost far less than maintaining them row by row (the PostgreSQL
 * manual's "Populating a Database"). Use it inside a transaction: the DDL is transactional, so a failed load leaves
 * the schema as it was. Definitions are read from the catalog, so later migrations are followed. Primary keys and
 * unique constraints stay.
 */
export async function deferIndexes(tx: Tx, tables: readonly string[]): Promise<() => Promise<void>> {
  const regclasses = sql.join(
    tables.map((t) => sql`${t}::regclass`),
    sql`, `,
  );
  const foreignKeys = await rowsOf<Definition>(
    tx,
    sql`SELECT quote_ident(conname) AS name, conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def
        FROM pg_constraint WHERE contype = 'f' AND conrelid IN (${regclasses})`,
  );
  const indexes = await rowsOf<Definition>(
    tx,
    sql`SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, pg_get_indexdef(i.indexrelid) AS def
        FROM pg_index i
        WHERE i.indrelid IN (${regclasses}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
  );
  for (const fk of foreignKeys) await tx.execute(sql.raw(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`));
  for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));

  return async () => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.def));
    for (const fk of foreignKeys)
      await tx.execute(sql.raw(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.def}`));
  };
}
