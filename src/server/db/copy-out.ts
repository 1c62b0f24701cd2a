import type { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';

/**
 * How long an export's COPY may run: the pool's statement timeout (15 s, ADR 015) is for requests, and a COPY lasts
 * as long as its client takes to download the file. A forgotten download still ends.
 */
export const EXPORT_TIMEOUT_MS = 10 * 60_000;

/** Lines are handed on in chunks of about this many bytes: each is followed by a wait for requests (csv.ts). */
export const EXPORT_CHUNK_BYTES = 1 << 20;

const dialect = new PgDialect();

/**
 * The text values of a one-column query, written by PostgreSQL's `COPY … TO STDOUT (FORMAT binary)` and streamed
 * as they come: each value's bytes as they are, where the text and CSV formats would escape or quote them again.
 * COPY takes no parameters, so the query's are written into it as literals (standard_conforming_strings, on since
 * PostgreSQL 9.1). The query runs on a connection of its own from `pool`, in a read-only transaction with a
 * statement timeout of EXPORT_TIMEOUT_MS. A client that reads slowly holds PostgreSQL back (the socket fills); one
 * that leaves ends the connection.
 */
export async function copyOut(pool: pg.Pool, query: SQL): Promise<AsyncIterable<Buffer>> {
  const { sql: text } = dialect.sqlToQuery(query.inlineParams());
  const client = await pool.connect();
  let stream: Readable;
  try {
    await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${EXPORT_TIMEOUT_MS}`);
    stream = client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT binary)`));
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  return copyValues(stream, client);
}

/** A binary COPY's header: signature, flags, and the length of an extension area that follows. */
const HEADER_BYTES = 19;

/**
 * The values of a binary COPY of one column, concatenated into chunks of EXPORT_CHUNK_BYTES or so. Each row is a
 * field count (2 bytes, -1 for the end), then the value's length (4 bytes) and its bytes; they are copied into one
 * buffer per chunk read, so no object is made per row. The connection goes back to the pool after the COPY's
 * commit, and is closed when the reading stops early or fails (it may be in the middle of the COPY).
 */
async function* copyValues(stream: Readable, client: pg.PoolClient): AsyncGenerator<Buffer> {
  let released = false;
  try {
    let rest: Buffer | undefined;
    let headerRead = false;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const data = rest ? Buffer.concat([rest, chunk]) : chunk;
      let at = 0;
      if (!headerRead) {
        if (data.length < HEADER_BYTES) {
          rest = data;
          continue;
        }
        at = HEADER_BYTES + data.readUInt32BE(15);
        headerRead = true;
      }
      const out = Buffer.allocUnsafe(data.length);
      let written = 0;
      while (data.length - at >= 6) {
        const length = data.readInt32BE(at + 2);
        if (data.readInt16BE(at) !== 1 || data.length - at - 6 < length) break;
        written += data.copy(out, written, at + 6, at + 6 + length);
        at += 6 + length;
      }
      rest = at < data.length ? data.subarray(at) : undefined;
      if (written) {
        pending.push(out.subarray(0, written));
        pendingBytes += written;
      }
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
    if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
  } finally {
    if (!released) {
      stream.destroy();
      client.release(true);
    }
  }
}
