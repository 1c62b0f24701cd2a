import { describe, expect, it } from 'vitest';
import { isDataFolderTar } from './pgdata-archive';

/** One tar member: a ustar header with its checksum, then the content padded to whole blocks. */
function member(name: string, content = '', checksumDelta = 0): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100);
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('0', 156);
  header.write('ustar\0' + '00', 257);
  header.fill(0x20, 148, 156);
  const sum = header.reduce((a, b) => a + b, 0) + checksumDelta;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  body.write(content);
  return Buffer.concat([header, body]);
}
const end = Buffer.alloc(1024);

describe('a data folder archive', () => {
  it('is accepted whole, with PG_VERSION at its top', () => {
    expect(
      isDataFolderTar(Buffer.concat([member('/PG_VERSION', '18\n'), member('/base/1/112', 'x'.repeat(700)), end])),
    ).toBe(true);
  });

  it('is refused cut short, with a header whose checksum fails, without PG_VERSION, or climbing out of the folder', () => {
    const whole = Buffer.concat([member('/PG_VERSION', '18\n'), member('/base/1/112', 'x'.repeat(700)), end]);
    expect(isDataFolderTar(whole.subarray(0, 512 + 512 + 512 + 100))).toBe(false);
    expect(isDataFolderTar(Buffer.concat([member('/PG_VERSION', '18\n', 1), end]))).toBe(false);
    expect(isDataFolderTar(Buffer.concat([member('/base/PG_VERSION', '18\n'), end]))).toBe(false);
    expect(
      isDataFolderTar(Buffer.concat([member('/PG_VERSION', '18\n'), member('/../../etc/cron.d/x', 'y'), end])),
    ).toBe(false);
    expect(isDataFolderTar(Buffer.alloc(0))).toBe(false);
  });
});
