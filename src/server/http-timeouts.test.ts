import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: 1_000, IDLE_TIMEOUT_MS: 3_000 });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Opens a connection, writes `data`, and answers what the server sent and how long until it closed it. */
function holdOpen(data: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(data));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
  });
}

describe('a client that holds a connection', () => {
  it('sending its body too slowly gets 408 once REQUEST_TIMEOUT_MS has passed', async () => {
    const { answer, ms } = await holdOpen(
      'POST /admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(900);
  });

  it('sending no request at all is disconnected once REQUEST_TIMEOUT_MS has passed', async () => {
    const { answer, ms } = await holdOpen('');
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(answer === '' || /^HTTP\/1\.1 408/.test(answer)).toBe(true);
  });
});
