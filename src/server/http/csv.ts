import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { readingLater } from '../db/read-routing';
import { exportRows, type ListSpec } from '../db/pages';
import type { Tx } from '../db/types';
import type { ExportColumn } from '../db/export-columns';
import { csvLine } from '../../contract/csv';
import type { PageQuery } from '../../contract/pagination';
import { pacer } from './yield-to-requests';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

/** Replies whose body has begun to stream: an error now can only end the connection (plugins/errors.ts). */
const streaming = new WeakSet<FastifyReply>();
export const isStreaming = (reply: FastifyReply) => streaming.has(reply);

/**
 * The chunks of a file as a stream: the first two (the header line and the first rows, read before the answer
 * starts) at once, then each further chunk once requests leave time (ADR 025, 038). A chunk is out of reach once
 * pushed.
 */
function paced(chunks: AsyncIterable<string | Buffer>): Readable {
  const it = chunks[Symbol.asyncIterator]();
  const pace = pacer();
  let pushed = 0;
  return new Readable({
    async read() {
      try {
        for (;;) {
          if (pushed > 1) await pace();
          const next = await it.next();
          if (next.done) return void this.push(null);
          if (next.value.length === 0) continue;
          pushed++;
          return void this.push(next.value);
        }
      } catch (err) {
        this.destroy(err as Error);
      }
    },
    destroy(err, done) {
      void Promise.resolve(it.return?.()).catch(() => undefined);
      done(err);
    },
  });
}

/**
 * Streams a CSV download as `{name}-{date}.csv`: chunks go out as they are read, so a million rows never sit in
 * memory, and a client that reads slowly holds back the next. They are read where the request reads (a replica).
 */
function sendCsv(reply: FastifyReply, name: string, chunks: AsyncIterable<string | Buffer>): FastifyReply {
  streaming.add(reply);
  const body = paced(readingLater(chunks));
  // Running until its last line is read (complete), or until the stream is destroyed before (cut: the client
  // left, or an error after the first chunk).
  const ended = reply.server.metrics?.exportStarted();
  if (ended) body.once('end', () => ended(true)).once('close', () => body.readableEnded || ended(false));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send(body);
}

/**
 * A list's export: every row it finds from the query's cursor on, in its order, with the columns it declares
 * (`exportRows`). The first rows are read before the answer starts, so a refused input (a stale or forged cursor)
 * is a clear 4xx, not a download cut after its header line.
 */
export async function sendListCsv<R extends { id: number; cursorKey: string | number | null }>(
  reply: FastifyReply,
  name: string,
  db: Tx,
  list: ListSpec<R, unknown> & { csv: ExportColumn[] },
  query: Pick<PageQuery, 'after'>,
): Promise<FastifyReply> {
  return sendCsv(reply, name, await exportRows(db, list, query));
}

/**
 * An export of rows read in batches (the audit log's), made into lines in JavaScript. The first batch is read
 * before the answer starts, as for a list.
 */
export async function sendRowsCsv<T>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
): Promise<FastifyReply> {
  const reader = batches[Symbol.asyncIterator]();
  const first = await nextLines(reader, columns);
  const rest: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const lines = await nextLines(reader, columns);
        return lines === undefined ? { done: true, value: undefined } : { done: false, value: lines };
      },
      return: async () => (await reader.return?.(), { done: true, value: undefined }),
    }),
  };
  const header = csvLine(columns.map((c) => c.header));
  return sendCsv(
    reply,
    name,
    leading(first === undefined ? [header] : [header, first], first === undefined ? undefined : rest),
  );
}

/**
 * The next batch's lines (undefined after the last). Its rows are out of reach once this returns: held while the
 * export waits for requests, they would be promoted to the old generation (ADR 025).
 */
async function nextLines<T>(reader: AsyncIterator<T[]>, columns: CsvColumn<T>[]): Promise<string | undefined> {
  const { done, value } = await reader.next();
  return done ? undefined : value.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
}

/** The chunks already read, then the rest. */
function leading(read: string[], rest: AsyncIterable<string> | undefined): AsyncIterable<string> {
  return {
    [Symbol.asyncIterator]() {
      let sent = 0;
      const it = rest?.[Symbol.asyncIterator]();
      return {
        next: async () => {
          if (sent < read.length) return { done: false, value: read[sent++]! };
          return it ? it.next() : { done: true, value: undefined };
        },
        return: async () => (await it?.return?.(), { done: true, value: undefined }),
      };
    },
  };
}
