import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { endpoint, type Endpoint } from '../../../contract/endpoint';
import type { Topic } from '../../../contract/topics';
import { invalidateChanged, readsMeta } from './invalidate';

const read = (path: string, reads: Topic[]) =>
  endpoint({ method: 'GET', path, access: 'signed-in', reads, summary: 'A read of these tests.' });
const devices = read('/devices', ['devices', 'customers']);
const device = read('/devices/:id', ['devices']);
const feedback = read('/feedback', ['feedback']);
const editDevice = endpoint({
  method: 'POST',
  path: '/devices/:id/edit',
  access: 'signed-in',
  changes: ['devices'],
  summary: 'A change of a device.',
});
const deleteDevice = endpoint({
  method: 'DELETE',
  path: '/devices/:id',
  access: 'signed-in',
  changes: ['devices'],
  removes: 'devices',
  summary: 'A deletion of a device.',
});

/** Answers on screen (each watched, as a mounted page does), and how often each was fetched. */
async function screen() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const fetched = new Map<string, number>();
  const watch = async (e: Endpoint, input?: object) => {
    const queryKey = input === undefined ? [e.path] : [e.path, input];
    const name = JSON.stringify(queryKey);
    const observer = new QueryObserver(client, {
      queryKey,
      meta: readsMeta(e),
      queryFn: () => fetched.set(name, (fetched.get(name) ?? 0) + 1).get(name),
    });
    observer.subscribe(() => undefined);
    await observer.refetch();
    return name;
  };
  const names = {
    list: await watch(devices, {}),
    five: await watch(device, { params: { id: 5 } }),
    six: await watch(device, { params: { id: 6 } }),
    feedback: await watch(feedback, {}),
  };
  const after = async (write: Endpoint, input?: object) => {
    fetched.clear();
    await invalidateChanged(client, write, input);
    return (name: string) => fetched.get(name) ?? 0;
  };
  return { names, after, client };
}

describe('a write reloads the cached answers of what its endpoint declares it changes (ADR 033)', () => {
  it('reloads every answer read from a changed topic, and no other', async () => {
    const { names, after } = await screen();
    const fetches = await after(editDevice, { params: { id: 5 } });
    expect(fetches(names.list)).toBe(1);
    expect(fetches(names.five)).toBe(1);
    expect(fetches(names.six)).toBe(1);
    expect(fetches(names.feedback)).toBe(0);
  });

  it('does not ask again for the record a write removes (it would answer 404), but marks it stale', async () => {
    const { names, after, client } = await screen();
    const fetches = await after(deleteDevice, { params: { id: 5 } });
    expect(fetches(names.five)).toBe(0);
    expect(client.getQueryState(JSON.parse(names.five))?.isInvalidated).toBe(true);
    expect(fetches(names.six)).toBe(1);
    expect(fetches(names.list)).toBe(1);
    expect(fetches(names.feedback)).toBe(0);
  });

  it('reloads nothing after a read or a write that changes no data', async () => {
    const { names, after } = await screen();
    const signIn = endpoint({ method: 'POST', path: '/in', access: 'public', changes: [], summary: 'Signs in.' });
    for (const e of [devices, signIn]) {
      const fetches = await after(e);
      expect(Object.values(names).map(fetches)).toEqual([0, 0, 0, 0]);
    }
  });
});
