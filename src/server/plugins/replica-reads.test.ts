import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { replicaReadsPlugin } from './replica-reads';
import type { ReplicaSet } from '../db/replicas';

/** An app with the plugin over stand-in replicas, and one read and one write route. */
async function appWith(replicas: Pick<ReplicaSet, 'pick' | 'primaryPosition'>) {
  const app = Fastify();
  await app.register(cookie);
  await app.register(replicaReadsPlugin, { replicas: replicas as ReplicaSet });
  app.get('/read', async (request) => ({ replica: request.readDb !== undefined }));
  app.post('/write', async () => ({ saved: true }));
  return app;
}

describe('reads on replicas, read-your-writes', () => {
  const replica = {} as NonNullable<ReturnType<ReplicaSet['pick']>>;

  it('marks a write with the primary’s position and sends the next read no further back than it', async () => {
    const asked: (bigint | null)[] = [];
    const app = await appWith({
      pick: (after) => (asked.push(after), replica),
      primaryPosition: async () => (0x16n << 32n) + 0xb374d848n,
    });
    const write = await app.inject({ method: 'POST', url: '/write' });
    expect(write.cookies).toMatchObject([{ name: 'bo_wrote', value: '16/B374D848', httpOnly: true, sameSite: 'Lax' }]);
    const read = await app.inject({ method: 'GET', url: '/read', cookies: { bo_wrote: '16/B374D848' } });
    expect(read.json()).toEqual({ replica: true });
    // A forged or garbled position is no position.
    await app.inject({ method: 'GET', url: '/read', cookies: { bo_wrote: 'DROP TABLE' } });
    expect(asked).toEqual([(0x16n << 32n) + 0xb374d848n, null]);
    await app.close();
  });

  it('answers a write as it is when the primary’s position cannot be read', async () => {
    const app = await appWith({ pick: () => undefined, primaryPosition: () => Promise.reject(new Error('down')) });
    const write = await app.inject({ method: 'POST', url: '/write' });
    expect(write.statusCode).toBe(200);
    expect(write.json()).toEqual({ saved: true });
    expect(write.cookies).toEqual([]);
    await app.close();
  });
});
