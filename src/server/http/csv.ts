import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { readingLater } from '../db/read-routing';
import { csvLine } from '../../contract/csv';
import { allPages } from '../db/pages';
import { yieldToRequests } from './yield-to-requests';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

/**
 * The header line and the first batch's lines, read before anything is sent, then one chunk of lines per further
 * batch, the next batch read once requests leave time.
 */
async function* csvLines<T>(
  columns: CsvColumn<T>[],
  first: string | undefined,
  reader: AsyncIterator<T[]>,
): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  if (first === undefined) return;
  if (first) yield first;
  await yieldToRequests();
  for (let lines; (lines = await nextLines(reader, columns)) !== undefined;) {
    if (lines) yield lines;
    await yieldToRequests();
  }
}

/**
 * The next batch's lines (undefined after the last). Its rows are out of reach once this returns: held by the
 * generator above, they would wait for requests with it (see `batches`).
 */
async function nextLines<T>(reader: AsyncIterator<T[]>, columns: CsvColumn<T>[]): Promise<string | undefined> {
  const { done, value } = await reader.next();
  return done ? undefined : value.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
}

/** Replies whose body has begun to stream: an error now can only end the connection (plugins/errors.ts). */
const streaming = new WeakSet<FastifyReply>();
export const isStreaming = (reply: FastifyReply) => streaming.has(reply);

/**
 * Streams a CSV download: lines go out as the batches are read, so a million rows never sit in memory, and a
 * client that reads slowly holds back the next batch. The batches are read where the request reads (a replica).
 */
function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>): FastifyReply {
  streaming.add(reply);
  const body = Readable.from(readingLater(lines));
  // Running until its last line is read (complete), or until the stream is destroyed before (cut: the client
  // left, or an error after the first batch).
  const ended = reply.server.metrics?.exportStarted();
  if (ended) body.once('end', () => ended(true)).once('close', () => body.readableEnded || ended(false));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/**
 * An export of rows read in batches, as `{name}-{date}.csv`. The first batch is read before the answer starts, so
 * a refused input (a stale or forged cursor) is a clear 4xx, not a download cut after its header line.
 */
export async function sendRowsCsv<T>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
): Promise<FastifyReply> {
  const reader = batches[Symbol.asyncIterator]();
  const first = await nextLines(reader, columns);
  return sendCsv(reply, `${name}-${new Date().toISOString().slice(0, 10)}.csv`, csvLines(columns, first, reader));
}

/** A list's export: every row its query finds, page after page (its paging fields ignored). */
export function sendListCsv<T>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumn<T>[],
  pageOf: Parameters<typeof allPages<T>>[0],
): Promise<FastifyReply> {
  return sendRowsCsv(reply, name, columns, allPages(pageOf));
}
