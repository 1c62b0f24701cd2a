import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http';
import { sendWaiting, type OutboxStore, type WaitingVisit } from './outbox';

function memoryStore(visits: WaitingVisit[]): OutboxStore & { keys(): string[] } {
  const kept = new Map(visits.map((v) => [v.key, v]));
  return {
    all: async () => [...kept.values()],
    put: async (v) => void kept.set(v.key, v),
    remove: async (key) => void kept.delete(key),
    keys: () => [...kept.keys()],
  };
}

const visit = (key: string, savedAt: number): WaitingVisit => ({
  key,
  savedAt,
  input: { name: key } as WaitingVisit['input'],
  accuracy: 12,
  refusal: null,
});

describe('sending the waiting visits', () => {
  it('sends them oldest first, each with its own key, and empties the outbox', async () => {
    const store = memoryStore([visit('c', 3), visit('a', 1), visit('b', 2)]);
    const sent: string[] = [];
    const round = await sendWaiting(store, async (v) => void sent.push(v.key));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(round).toEqual({ sent: 3, refused: 0, stopped: null });
    expect(store.keys()).toEqual([]);
  });

  it('keeps a refused visit with the server’s message under its field and sends the ones after it', async () => {
    const store = memoryStore([visit('a', 1), visit('b', 2), visit('c', 3)]);
    const sent: string[] = [];
    const round = await sendWaiting(store, async (v) => {
      if (v.key === 'b')
        throw new HttpError(422, 'The given data was invalid.', { rep_id: ['The rep field is not allowed.'] });
      sent.push(v.key);
    });
    expect(sent).toEqual(['a', 'c']);
    expect(round).toEqual({ sent: 2, refused: 1, stopped: null });
    const [kept] = await store.all();
    expect(kept!.key).toBe('b');
    expect(kept!.refusal).toEqual({
      message: 'The rep field is not allowed.',
      fieldErrors: { rep_id: 'The rep field is not allowed.' },
    });
  });

  it('does not send a refused visit again until the rep fixes it', async () => {
    const refused = { ...visit('a', 1), refusal: { message: 'This action is unauthorized.', fieldErrors: {} } };
    const store = memoryStore([refused, visit('b', 2)]);
    const sent: string[] = [];
    await sendWaiting(store, async (v) => void sent.push(v.key));
    expect(sent).toEqual(['b']);
    expect(store.keys()).toEqual(['a']);
  });

  it('stops at the first visit the network does not carry, keeping it and every later one in order', async () => {
    const store = memoryStore([visit('a', 1), visit('b', 2), visit('c', 3)]);
    const sent: string[] = [];
    const round = await sendWaiting(store, async (v) => {
      if (v.key === 'b') throw new HttpError(0, 'The server could not be reached.');
      sent.push(v.key);
    });
    expect(sent).toEqual(['a']);
    expect(round.stopped).toBe('unreachable');
    expect(store.keys().sort()).toEqual(['b', 'c']);
    expect((await store.all()).every((v) => v.refusal === null)).toBe(true);
  });

  it('stops on a server error and tries again later rather than calling the visit refused', async () => {
    const store = memoryStore([visit('a', 1)]);
    const round = await sendWaiting(store, async () => {
      throw new HttpError(503, 'Service Unavailable');
    });
    expect(round.stopped).toBe('unreachable');
    expect((await store.all())[0]!.refusal).toBeNull();
  });

  it('stops when the session has ended and keeps every visit for after the rep signs in again', async () => {
    const store = memoryStore([visit('a', 1), visit('b', 2)]);
    const round = await sendWaiting(store, async () => {
      throw new HttpError(401, 'Your session has ended. Please sign in again.');
    });
    expect(round).toEqual({ sent: 0, refused: 0, stopped: 'signed-out' });
    expect(store.keys()).toEqual(['a', 'b']);
  });
});
