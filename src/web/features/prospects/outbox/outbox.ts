import type { ProspectFormInput } from '../../../../contract/prospects';
import { HttpError } from '../../../lib/http';

/**
 * A visit submitted with no network, kept on the phone until the server has it (ADR 051). Its Idempotency-Key is
 * made at Submit and kept through every send, so a send whose answer was lost and is made again creates nothing twice.
 */
export interface WaitingVisit {
  key: string;
  /** When the rep pressed Submit (ms since the epoch): the list's age, and the order of sending. */
  savedAt: number;
  /** The form as submitted, with the position taken at Submit. */
  input: ProspectFormInput;
  /** That position's accuracy in metres; null without one. */
  accuracy: number | null;
  /** Why the server refused it when it was sent: it waits, unsent, until the rep fixes or discards it. */
  refusal: Refusal | null;
}

export interface Refusal {
  message: string;
  /** The first message per field, keyed as the form names its fields. */
  fieldErrors: Record<string, string>;
}

/** Where waiting visits are kept: IndexedDB on the phone (outbox-db.ts), a map in the tests. */
export interface OutboxStore {
  all(): Promise<WaitingVisit[]>;
  put(visit: WaitingVisit): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Why a round of sending stopped before the end: no network (or a server failing), or no session. */
export type Stopped = 'unreachable' | 'signed-out' | null;

export interface SendRound {
  sent: number;
  refused: number;
  stopped: Stopped;
}

/** Oldest first: visits reach the server in the order they were logged. */
export const inSendingOrder = (visits: WaitingVisit[]) => [...visits].sort((a, b) => a.savedAt - b.savedAt);

/**
 * What a failed send means for the visit. No answer, or a server error: try again later, and stop the round (the
 * next would fare the same). No session (401) or an expired page (419): stop until the rep signs in again. Any
 * other refusal (422, 403) is about this visit: it is kept with the server's words and the round goes on.
 */
function outcomeOf(error: unknown): { stop: Stopped } | { refusal: Refusal } {
  if (!(error instanceof HttpError) || error.status === 0 || error.status >= 500) return { stop: 'unreachable' };
  if (error.status === 401 || error.status === 419) return { stop: 'signed-out' };
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) if (messages[0]) fieldErrors[field] = messages[0];
  return { refusal: { message: error.firstError, fieldErrors } };
}

/** Sends each waiting visit not refused before, oldest first, with its own key; sent ones leave the store. */
export async function sendWaiting(
  store: OutboxStore,
  send: (visit: WaitingVisit) => Promise<unknown>,
): Promise<SendRound> {
  const round: SendRound = { sent: 0, refused: 0, stopped: null };
  for (const visit of inSendingOrder(await store.all())) {
    if (visit.refusal) continue;
    try {
      await send(visit);
    } catch (error) {
      const outcome = outcomeOf(error);
      if ('stop' in outcome) return { ...round, stopped: outcome.stop };
      await store.put({ ...visit, refusal: outcome.refusal });
      round.refused++;
      continue;
    }
    await store.remove(visit.key);
    round.sent++;
  }
  return round;
}
