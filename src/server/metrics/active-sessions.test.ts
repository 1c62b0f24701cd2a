import { describe, expect, it } from 'vitest';
import { ActiveSessions, READ_EVERY_MS, type SessionCounts } from './active-sessions';

/** A read the test answers when it likes, counting how many were made. */
function controlledReads() {
  const pending: ((counts: SessionCounts) => void)[] = [];
  return {
    pending,
    read: () => new Promise<SessionCounts>((resolve) => pending.push(resolve)),
  };
}

describe('the active sessions gauge', () => {
  it('makes one read for scrapes that ask together, and none again within the interval', async () => {
    let now = 0;
    const reads = controlledReads();
    const active = new ActiveSessions(reads.read, () => now);
    const first = active.current();
    const second = active.current();
    expect(reads.pending).toHaveLength(1);
    reads.pending[0]!({ sessions: 4, staff: 3 });
    expect(await first).toEqual({ sessions: 4, staff: 3 });
    expect(await second).toEqual({ sessions: 4, staff: 3 });

    now += READ_EVERY_MS - 1;
    expect(await active.current()).toEqual({ sessions: 4, staff: 3 });
    expect(reads.pending).toHaveLength(1);

    now += 1;
    const later = active.current();
    expect(reads.pending).toHaveLength(2);
    reads.pending[1]!({ sessions: 5, staff: 3 });
    expect(await later).toEqual({ sessions: 5, staff: 3 });
  });

  it('keeps the last counts when a read fails, and waits the interval before the next', async () => {
    let now = 0;
    let calls = 0;
    const errors: unknown[] = [];
    const results: (() => Promise<SessionCounts>)[] = [
      async () => ({ sessions: 2, staff: 2 }),
      async () => Promise.reject(new Error('database unreachable')),
    ];
    const active = new ActiveSessions(
      () => results[calls++]!(),
      () => now,
      (err) => errors.push(err),
    );
    expect(await active.current()).toEqual({ sessions: 2, staff: 2 });
    now += READ_EVERY_MS;
    expect(await active.current()).toEqual({ sessions: 2, staff: 2 });
    expect(errors).toHaveLength(1);
    expect(await active.current()).toEqual({ sessions: 2, staff: 2 });
    expect(calls).toBe(2);
  });
});
