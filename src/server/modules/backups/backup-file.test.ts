import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BackupError, backupStream, dumpOf, readBackup, saveBackup, type BackupManifest } from './backup-file';

const manifest: BackupManifest = {
  format: 1,
  database: 'postgres',
  release: '1.0.0',
  schemaMigration: '0000_baseline',
  createdAt: '2026-11-27T10:00:00.000Z',
  engine: 'PostgreSQL 15.18',
};

const folders: string[] = [];
const folder = () => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-backup-file-')));
  return folders.at(-1)!;
};
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

/** A backup of the given dump, saved in a fresh folder. */
async function backupOf(dump: Buffer[], made: BackupManifest = manifest): Promise<string> {
  const file = path.join(folder(), 'test.backup');
  await saveBackup(file, backupStream(made, dump));
  return file;
}

const refusal = (file: string) =>
  readBackup(file).then(
    () => 'accepted',
    (err: unknown) => {
      expect(err).toBeInstanceOf(BackupError);
      return (err as Error).message;
    },
  );

describe('a backup file', () => {
  const dump = [Buffer.from('PGDMP'), Buffer.alloc(100_000, 7), Buffer.from('the end')];

  it('reads back its manifest and its dump byte for byte, and is readable by its owner only', async () => {
    const file = await backupOf(dump);
    const backup = await readBackup(file);
    expect(backup.manifest).toEqual(manifest);
    const chunks: Buffer[] = [];
    for await (const chunk of dumpOf(backup)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.concat(dump))).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').split('\n')[0]).toBe('BACK-OFFICE BACKUP 1');
  });

  it('is refused when it is not a backup at all: another file, an empty one, or none', async () => {
    const dir = folder();
    const write = (name: string, content: string | Buffer) => {
      fs.writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    expect(await refusal(write('notes.txt', 'hello\nworld\n'))).toMatch(/is not a back-office backup/);
    expect(
      await refusal(write('random.bin', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)))),
    ).toMatch(/is not a back-office backup/);
    expect(await refusal(write('empty.backup', ''))).toMatch(/is not a back-office backup/);
    expect(await refusal(write('header-only.backup', 'BACK-OFFICE BACKUP 1\n{"format":1'))).toMatch(
      /is damaged: its description/,
    );
    expect(await refusal(write('other.backup', 'BACK-OFFICE BACKUP 1\n{"format":1,"database":"mysql"}\n'))).toMatch(
      /is damaged: its description is not that of a back-office backup/,
    );
    expect(await refusal(path.join(dir, 'missing.backup'))).toMatch(/missing.backup does not exist/);
    expect(await refusal(dir)).toMatch(/is not a file/);
  });

  it('is refused when cut short anywhere: in its description, its dump or its end mark', async () => {
    const file = await backupOf(dump);
    const whole = fs.readFileSync(file);
    const dumpStart = whole.indexOf('PGDMP');
    for (const length of [30, dumpStart, dumpStart + 50_000, whole.length - 60, whole.length - 1]) {
      const cut = path.join(path.dirname(file), `cut-${length}.backup`);
      fs.writeFileSync(cut, whole.subarray(0, length));
      expect(await refusal(cut), `cut at ${length}`).toMatch(/is (incomplete|damaged)/);
    }
    const cut = path.join(path.dirname(file), 'cut.backup');
    fs.writeFileSync(cut, whole.subarray(0, dumpStart + 50_000));
    expect(await refusal(cut)).toContain("is incomplete: it does not end with the backup's end mark");
  });

  it('is refused when one byte of it changed, or bytes were added after its end', async () => {
    const file = await backupOf(dump);
    const whole = fs.readFileSync(file);
    const flipped = Buffer.from(whole);
    const at = whole.indexOf('PGDMP') + 40_000;
    flipped.writeUInt8(flipped.readUInt8(at) ^ 1, at);
    fs.writeFileSync(file, flipped);
    expect(await refusal(file)).toContain('is damaged: its content does not match the checksum');
    fs.writeFileSync(file, Buffer.concat([whole, Buffer.from('more')]));
    expect(await refusal(file)).toMatch(/is incomplete/);
  });

  it('is refused, naming the cause, when a newer release wrote it in a newer format', async () => {
    const file = await backupOf(dump, { ...manifest, format: 2 } as unknown as BackupManifest);
    expect(await refusal(file)).toContain('was made by a newer release, in a backup format this release cannot read');
  });

  it('leaves no file, and an earlier backup of that name as it was, when its dump fails half way', async () => {
    const file = await backupOf(dump);
    const before = fs.readFileSync(file);
    async function* failing() {
      yield Buffer.from('PGDMP');
      throw new Error('pg_dump failed');
    }
    await expect(saveBackup(file, backupStream(manifest, failing()))).rejects.toThrow('pg_dump failed');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['test.backup']);
  });
});
