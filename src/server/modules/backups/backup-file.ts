import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from '../../../contract/zod';

/**
 * A backup file (ADR 031): a header line, the manifest as one JSON line, the database's own dump (pg_dump's custom
 * format, or PGlite's gzipped data folder), then an end mark with the SHA-256 and length of all that precedes it.
 * Written in one pass as the dump streams; a copy cut short lacks the end mark, a damaged one fails the checksum.
 */
const HEADER = 'BACK-OFFICE BACKUP 1\n';
const endMark = (sha256: string, bytes: number) =>
  `\nEND OF BACK-OFFICE BACKUP sha256=${sha256} bytes=${String(bytes).padStart(16, '0')}\n`;
const END_MARK = /^\nEND OF BACK-OFFICE BACKUP sha256=([0-9a-f]{64}) bytes=(\d{16})\n$/;
const END_LENGTH = endMark('0'.repeat(64), 0).length;
const MANIFEST_MAX = 16 * 1024;

const release = z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/);

/** What a backup says about itself, read before anything of it is restored. */
export const backupManifest = z.object({
  format: z.literal(1),
  database: z.enum(['postgres', 'pglite']),
  /** The release that made it (RELEASE_VERSION). */
  release,
  /** The database's last applied migration, as this release's journal names it. */
  schemaMigration: z.string().min(1).max(200),
  createdAt: z.iso.datetime(),
  /** The database server, e.g. "PostgreSQL 15.18" or "PostgreSQL 18.6 (PGlite 0.5.16)". */
  engine: z.string().max(200),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup or restore refused or stopped, with a message for the operator; nothing was changed. */
export class BackupError extends Error {}

/** The whole backup file as it streams: header and manifest, the dump's chunks, and the end mark. */
export async function* backupStream(
  manifest: BackupManifest,
  dump: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let bytes = 0;
  const counted = (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
    return chunk;
  };
  yield counted(Buffer.from(`${HEADER}${JSON.stringify(manifest)}\n`));
  for await (const chunk of dump) yield counted(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  yield Buffer.from(endMark(hash.digest('hex'), bytes));
}

/**
 * Writes a backup beside `file` and renames it into place once whole and flushed, so a backup that fails leaves no
 * file that looks like one, and an earlier backup of the same name stays until the new one is complete. Readable
 * by its owner only: it holds password hashes and the session secret.
 */
export async function saveBackup(file: string, stream: AsyncIterable<Uint8Array>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(Readable.from(stream), fs.createWriteStream(partial, { mode: 0o600 }));
    const handle = await fs.promises.open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, file);
  } catch (err) {
    await fs.promises.rm(partial, { force: true });
    throw err;
  }
}

/** A backup file checked whole: its manifest, and where its dump lies in it. */
export interface BackupFile {
  path: string;
  manifest: BackupManifest;
  size: number;
  /** The dump's first byte and the byte after its last. */
  dumpStart: number;
  dumpEnd: number;
}

const refuse = (message: string) => new BackupError(message);

/** The manifest line, or a refusal saying why the file is not a backup this release can read. */
function parseManifest(file: string, head: Buffer): { manifest: BackupManifest; dumpStart: number } {
  if (head.length < HEADER.length || !head.subarray(0, HEADER.length).equals(Buffer.from(HEADER)))
    throw refuse(`${file} is not a back-office backup: it does not begin with the backup header.`);
  const lineEnd = head.indexOf(0x0a, HEADER.length);
  let raw: unknown;
  try {
    if (lineEnd < 0) throw new Error('no manifest line');
    raw = JSON.parse(head.subarray(HEADER.length, lineEnd).toString('utf8'));
  } catch {
    throw refuse(`${file} is damaged: its description (the line after the header) cannot be read.`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (typeof format === 'number' && format > 1)
    throw refuse(
      `${file} was made by a newer release, in a backup format this release cannot read: restore it with that release.`,
    );
  const parsed = backupManifest.safeParse(raw);
  if (!parsed.success) throw refuse(`${file} is damaged: its description is not that of a back-office backup.`);
  return { manifest: parsed.data, dumpStart: lineEnd + 1 };
}

async function sha256Of(handle: fs.promises.FileHandle, end: number): Promise<string> {
  const hash = createHash('sha256');
  if (end > 0)
    for await (const chunk of handle.createReadStream({ start: 0, end: end - 1, autoClose: false }))
      hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Opens a backup and checks it whole before anything trusts it: the header, the manifest, the end mark, and the
 * checksum over every byte. A foreign, cut or damaged file is refused with a message saying which.
 */
export async function readBackup(file: string): Promise<BackupFile> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw refuse(`${file} does not exist.`);
    if (code === 'EACCES') throw refuse(`${file} cannot be read: permission denied.`);
    throw err;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw refuse(`${file} is not a file.`);
    const size = stat.size;
    const head = Buffer.alloc(Math.min(size, HEADER.length + MANIFEST_MAX));
    await handle.read(head, 0, head.length, 0);
    const { manifest, dumpStart } = parseManifest(file, head);
    const incomplete = refuse(
      `${file} is incomplete: it does not end with the backup's end mark (a copy cut short, or a backup that did not finish).`,
    );
    if (size < dumpStart + END_LENGTH) throw incomplete;
    const tail = Buffer.alloc(END_LENGTH);
    await handle.read(tail, 0, END_LENGTH, size - END_LENGTH);
    const end = END_MARK.exec(tail.toString('latin1'));
    if (!end || Number(end[2]) !== size - END_LENGTH) throw incomplete;
    if ((await sha256Of(handle, size - END_LENGTH)) !== end[1])
      throw refuse(`${file} is damaged: its content does not match the checksum written when it was made.`);
    return { path: file, manifest, size, dumpStart, dumpEnd: size - END_LENGTH };
  } finally {
    await handle.close();
  }
}

/** The dump inside a backup read by `readBackup`. */
export const dumpOf = (backup: BackupFile): Readable =>
  backup.dumpEnd > backup.dumpStart
    ? fs.createReadStream(backup.path, { start: backup.dumpStart, end: backup.dumpEnd - 1 })
    : Readable.from([]);
