import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { loggerOptions, REDACTED, redactUrl } from './logging';

describe('log redaction', () => {
  it("keeps a URL's path and plain parameters, and censors the values of those that carry a secret", () => {
    expect(redactUrl('/admin/set-password?token=abc123')).toBe(`/admin/set-password?token=${REDACTED}`);
    expect(redactUrl('/admin/api/customers?q=miller&page=2')).toBe('/admin/api/customers?q=miller&page=2');
    expect(redactUrl('/x?a=1&TOKEN=s&password=p&code=123456&b=2')).toBe(
      `/x?a=1&TOKEN=${REDACTED}&password=${REDACTED}&code=${REDACTED}&b=2`,
    );
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('sees through the spellings a client could choose for a secret parameter', () => {
    for (const spelling of ['%74oken', 'to%6Ben', 'token[]', 'token%5B0%5D', '+token', '_token', 'csrf_token'])
      expect(redactUrl(`/p?${spelling}=s3cr3t`), spelling).not.toContain('s3cr3t');
    expect(redactUrl('/p?%E0%A4%A=s3cr3t')).not.toContain('s3cr3t');
  });

  it('censors credentials wherever a log line carries them', () => {
    let out = '';
    const log = pino(
      loggerOptions('info'),
      new Writable({
        write(chunk: Buffer, _e, done) {
          out += chunk.toString();
          done();
        },
      }),
    );
    log.info({ url: '/admin/api/set-password?token=LINKTOKEN' }, 'one');
    log.info({ req: { method: 'GET', url: '/admin/set-password?token=LINKTOKEN2' } }, 'two');
    log.info({ body: { password: 'PW1', currentPassword: 'PW2', code: '123456' } }, 'three');
    log.info({ req: { headers: { cookie: 'bo_session=SID', authorization: 'Bearer AUTH', 'x-csrf-token': 'CSRF' } } });
    for (const secret of ['LINKTOKEN', 'PW1', 'PW2', '123456', 'SID', 'AUTH', 'CSRF'])
      expect(out).not.toContain(secret);
    expect(out).toContain('/admin/set-password?token=');
  });
});
