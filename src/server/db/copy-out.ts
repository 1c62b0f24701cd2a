import type { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { slotsOf } from './connection-budget';

/**
 * How long an export's COPY may run: the pool's statement timeout (15 s, ADR 015) is for requests, and a COPY lasts
 * as long as its client takes to download the file. A forgotten download still ends.
 */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** Lines are handed on in chunks of about this many bytes, each paced by the requests (csv.ts, ADR 038). */
export const EXPORT_CHUNK_BYTES = 1 << 19;

const dialect = new PgDialect();

/**
 * The rows of a query as CSV, written by PostgreSQL's `COPY … TO STDOUT (FORMAT csv)` and streamed as they come,
 * in chunks of EXPORT_CHUNK_BYTES or so: no row passes through JavaScript (ADR 038). COPY takes no parameters, so
 * the query's are written into it as literals (standard_conforming_strings, on since PostgreSQL 9.1). The query
 * runs on a connection of its own from `pool`, in a read-only transaction with a statement timeout of
 * EXPORT_TIMEOUT_MS, once one of the pool's export slots is free (connection-budget.ts). A client that reads slowly holds PostgreSQL back (the socket fills); one that leaves ends the
 * connection.
 */
export async function copyOut(pool: pg.Pool, query: SQL): Promise<AsyncIterable<Buffer>> {
  const { sql: text } = dialect.sqlToQuery(query.inlineParams());
  const giveBack = await slotsOf(pool, 'exports').take();
  let client: pg.PoolClient | undefined;
  let stream: Readable;
  try {
    client = await pool.connect();
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${EXPORT_TIMEOUT_MS}`);
    stream = client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT csv)`));
  } catch (err) {
    client?.release(err as Error);
    giveBack();
    throw err;
  }
  return chunks(stream, client, giveBack);
}

/**
 * The COPY's bytes gathered into chunks of about EXPORT_CHUNK_BYTES (the stream hands on what each socket read
 * brought, tens of kilobytes). The connection goes back to the pool after the COPY's commit, and is closed when the
 * reading stops early or fails (it may be in the middle of the COPY).
 */
async function* chunks(stream: Readable, client: pg.PoolClient, giveBack: () => void): AsyncGenerator<Buffer> {
  let released = false;
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= EXPORT_CHUNK_BYTES) {
        const ready = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        yield ready;
      }
    }
    await client.query('COMMIT');
    released = true;
    client.release();
    giveBack();
    if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
  } finally {
    if (!released) {
      stream.destroy();
      client.release(true);
      giveBack();
    }
  }
}
