import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { BackupError, dumpOf, type BackupFile } from './backup-file';

const BLOCK = 512;

/** A NUL-terminated field of a tar header. */
const field = (header: Buffer, start: number, end: number) =>
  header.subarray(start, end).toString('latin1').replace(/\0.*$/s, '').trim();

/**
 * Whether a tar archive is whole and is a PostgreSQL data folder: every header's checksum holds, every member lies
 * inside the archive, no name climbs out of the folder, and PG_VERSION is at its top.
 */
export function isDataFolderTar(tar: Buffer): boolean {
  let sawVersion = false;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return sawVersion;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    const size = parseInt(field(header, 124, 136) || '0', 8);
    if (parseInt(field(header, 148, 156), 8) !== sum || !Number.isSafeInteger(size) || size < 0) return false;
    const name = [field(header, 345, 500), field(header, 0, 100)].filter(Boolean).join('/');
    const parts = name.split('/').filter((p) => p && p !== '.');
    if (parts.includes('..')) return false;
    if (parts.length === 1 && parts[0] === 'PG_VERSION') sawVersion = true;
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return offset === tar.length && sawVersion;
}

/**
 * The embedded database's data folder from a backup, unpacked and checked before PGlite sees it: PGlite's loader,
 * given a broken archive, fails with errors it leaves uncaught, which would end the command without its message.
 */
export async function dataFolderTar(backup: BackupFile): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  try {
    await pipeline(
      dumpOf(backup),
      zlib.createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
  } catch {
    throw new BackupError(`${backup.path} is damaged: its data folder archive cannot be unpacked.`);
  }
  // A fresh buffer of its own, never a shared one.
  const tar = Buffer.concat(chunks) as Buffer<ArrayBuffer>;
  if (!isDataFolderTar(tar))
    throw new BackupError(`${backup.path} is damaged: its data folder archive is not a whole PostgreSQL data folder.`);
  return tar;
}
