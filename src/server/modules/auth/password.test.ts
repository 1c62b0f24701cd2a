import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashes', () => {
  it('are made with scrypt at N=2^15, r=8, p=1, and verify only the password they were made from', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('verify at the cost stored with the hash, so a cost raised later still signs in older accounts', async () => {
    const older = await hashPassword('correct horse battery', 2 ** 10);
    expect(older).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', older)).toBe(true);
    expect(await verifyPassword('wrong', older)).toBe(false);
  });

  it('refuse a stored value that is not a scrypt hash', async () => {
    expect(await verifyPassword('x', 'plain$text')).toBe(false);
  });
});
