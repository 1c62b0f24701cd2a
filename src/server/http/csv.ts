import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { readingLater } from '../db/read-routing';

export interface CsvColumn<T> {
  header: string;
  value(row: T): string | number | boolean | null | undefined;
}

/**
 * One CSV cell (RFC 4180). A text starting with = + - @ or a control character is prefixed with an apostrophe,
 * so a spreadsheet shows it instead of running it as a formula (a customer named "=HYPERLINK(…)").
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header line, then one chunk of lines per batch of rows. */
export async function* csvLines<T>(columns: CsvColumn<T>[], batches: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield `${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;
  for await (const rows of batches)
    if (rows.length) yield rows.map((row) => `${columns.map((c) => csvCell(c.value(row))).join(',')}\r\n`).join('');
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
