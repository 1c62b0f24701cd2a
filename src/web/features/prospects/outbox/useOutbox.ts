import { useCallback, useEffect, useState } from 'react';
import { prospectEndpoints } from '../../../../contract/prospects';
import { api } from '../../../lib/api';
import { useInvalidate } from '../../../lib/data';
import { notify } from '../../../ui';
import { useCurrentUser } from '../../auth';
import { inSendingOrder, sendWaiting, type SendRound, type WaitingVisit } from './outbox';
import { outboxOf } from './outbox-db';

/** How often waiting visits are tried again while the app is open, besides the `online` event and each start. */
export const RESEND_EVERY_MS = 30_000;

/** Each open list of waiting visits reloads when a page changes the outbox. */
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((reload) => reload());

/** One round at a time: the `online` event, the timer and a submit may all ask at once. */
let round: Promise<SendRound> | null = null;

function sendAll(userId: number): Promise<SendRound> {
  round ??= sendWaiting(outboxOf(userId), (visit) =>
    api(prospectEndpoints.store, { body: visit.input }, { idempotencyKey: visit.key }),
  ).finally(() => {
    round = null;
    changed();
  });
  return round;
}

const visitsWord = (n: number) => (n === 1 ? '1 waiting visit' : `${n} waiting visits`);

/** The signed-in user's waiting visits, oldest first, and what the rep may do with them. */
export function useOutbox() {
  const userId = useCurrentUser().data?.id ?? null;
  const [visits, setVisits] = useState<WaitingVisit[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    const reload = () =>
      void outboxOf(userId)
        .all()
        .then((all) => live && setVisits(inSendingOrder(all)));
    reload();
    listeners.add(reload);
    return () => {
      live = false;
      listeners.delete(reload);
    };
  }, [userId]);
  const keep = useCallback(
    async (visit: WaitingVisit) => {
      if (userId === null) return;
      await outboxOf(userId).put(visit);
      changed();
    },
    [userId],
  );
  const discard = useCallback(
    async (key: string) => {
      if (userId === null) return;
      await outboxOf(userId).remove(key);
      changed();
    },
    [userId],
  );
  return { visits, keep, discard };
}

/**
 * Sends the waiting visits when the app starts, when the network returns and every RESEND_EVERY_MS, in the frame
 * of every page (not the Background Sync API, which Safari and Firefox lack). Sent visits reload the lists.
 */
export function useOutboxSender(enabled: boolean) {
  const userId = useCurrentUser().data?.id ?? null;
  const invalidate = useInvalidate();
  useEffect(() => {
    if (!enabled || userId === null) return;
    const send = async () => {
      if (!navigator.onLine) return;
      const { sent, refused } = await sendAll(userId);
      if (sent) {
        notify.success(`${visitsWord(sent)} sent.`);
        await invalidate(prospectEndpoints.store);
      }
      if (refused) notify.error(`${visitsWord(refused)} refused by the server: open it under Waiting to send.`);
    };
    void send();
    const timer = setInterval(() => void send(), RESEND_EVERY_MS);
    window.addEventListener('online', send);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', send);
    };
  }, [enabled, invalidate, userId]);
}
