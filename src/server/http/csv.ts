import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { readingLater } from '../db/read-routing';
import { csvLine } from '../../contract/csv';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

/** The header line, then one chunk of lines per batch of rows. */
export async function* csvLines<T>(columns: CsvColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield csvLine(columns.map((c) => c.header));
  for await (const rows of batches)
    if (rows.length) yield rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');
}

/**
 * Streams a CSV download: lines go out as the batches are read, so a million rows never sit in memory, and a
 * client that reads slowly holds back the next batch. The batches are read where the request reads (a replica).
 */
export function sendCsv(reply: FastifyReply, filename: string, lines: AsyncIterable<string>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(readingLater(lines)));
}
