import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../test/database';
import { customers } from './schema';
import type { Database } from './types';
import { exportRows, readPage } from './pages';
import { csvNumber, csvRecord, csvText, csvTime, exportCells, type ExportColumn } from './export-columns';
import { csvLine } from '../../contract/csv';
import { customerList, customerListFilter } from '../modules/customers/customers.queries';
import type { CustomerListQuery } from '../../contract/customers';

/*
 * A list's CSV cells are made in SQL (ADR 034, 038): on PostgreSQL COPY writes them as CSV, on the embedded database
 * `csvRecord` joins a batch of them. Both must write what `csvCell` writes, byte for byte, for any text a record can
 * hold.
 */

const ODD = [
  'Ann',
  '',
  'Doe, Jane',
  '5" phone',
  'two\nlines',
  'cr\rhere',
  'crlf\r\nhere',
  '=HYPERLINK("http://x")',
  '+1',
  '-2',
  '@SUM(A1)',
  '\tx',
  '\rx',
  "O'Brien",
  "'apostrophe",
  'Zoë Łukasz 日本 🙂',
  '"quoted"',
  ' leading space',
  'back\\slash',
  'a,"b"\r\nc',
  '\u0001control',
  '=+-@',
];

const TIMES = [
  '2026-03-08 07:59:59.999999+00',
  '2026-11-01 06:30:00.000001+00',
  '2026-01-01 00:00:00+00',
  '1999-12-31 23:59:59.5+00',
  '2026-11-27 12:34:56.789+00',
];

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const query: CustomerListQuery = { page: 1, perPage: 100, q: '', sort: '-createdAt' };

/** The line `csvRecord` makes of one row of the columns' cells. */
async function lineOf(columns: ExportColumn[]): Promise<string> {
  const [row] = await database.db.select(exportCells(columns)).from(sql`(select 1) as one`);
  return csvRecord(row!, columns.length);
}

async function text(chunks: AsyncIterable<string | Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

describe('CSV lines written in SQL', () => {
  it('write each text, number and empty value as csvCell does', async () => {
    for (const value of [...ODD, null]) {
      const line = await lineOf([csvText('T', sql`${value}::text`), csvNumber('N', sql`-5`)]);
      expect(line, JSON.stringify(value)).toBe(csvLine([value, -5]));
    }
  });

  it('write times as toISOString does, to the millisecond', async () => {
    for (const time of TIMES) {
      const line = await lineOf([csvTime('T', sql`${time}::timestamptz`)]);
      const [read] = await database.db
        .select({ at: sql`${time}::timestamptz`.mapWith(customers.createdAt) })
        .from(sql`(select 1) as one`);
      expect(line, time).toBe(csvLine([(read!.at as Date).toISOString()]));
    }
  });

  it('make the same file by COPY as by batches, and as the list pages show the rows', async () => {
    await database.db.insert(customers).values(
      ODD.map((name, i) => ({
        name: `${name} Oddity`,
        email: i % 3 ? `${name}@example.com` : null,
        city: i % 2 ? name : null,
        createdAt: new Date(TIMES[i % TIMES.length]!.replace(' ', 'T').replace('+00', 'Z')),
      })),
    );
    // Microseconds too: a time the driver reads as a date keeps milliseconds only.
    await database.db.execute(
      sql`update ${customers} set created_at = created_at + interval '123 microseconds' where name like '%Oddity'`,
    );
    const list = customerList(database.db, customerListFilter.namePart('Oddity'), query);
    // On PostgreSQL the handle exports by COPY; a transaction has no pool, so it reads the same lines in batches.
    const copied = await text(await exportRows(database.db, list, {}));
    const batched = await database.db.transaction(async (tx) =>
      text(await exportRows(tx, customerList(tx, customerListFilter.namePart('Oddity'), query), {})),
    );
    expect(copied).toBe(batched);

    const page = await readPage(database.db, list, query);
    expect(page.rows).toHaveLength(ODD.length);
    const shown = page.rows.map((c) => csvLine([c.id, c.name, c.email, c.phone, c.city, c.state, c.createdAt]));
    expect(copied).toBe(csvLine(['ID', 'Name', 'Email', 'Phone', 'City', 'State', 'Customer since']) + shown.join(''));
  });
});
