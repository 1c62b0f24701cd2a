import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The dashboard's answers, kept per instance for `ttlMs` (ADR 024). Every member of staff who opens the dashboard
 * asks the same few questions; one answer serves them all, and concurrent askers share the one being computed.
 * A write through this instance clears them; other instances' answers are at most `ttlMs` old, and the browser
 * that wrote reads fresh ones everywhere until then (`FRESH_COOKIE`).
 */
export class StatsAnswers {
  private readonly entries = new Map<string, { at: number; answer: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The answer under `key`: kept, or computed now (a failure is not kept). `key` must name the whole question. */
  get<T>(request: FastifyRequest, key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0 || request.cookies[FRESH_COOKIE]) return compute();
    const kept = this.entries.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.answer as Promise<T>;
    // The questions are few, but their parameters come from the client: the map cannot grow without bound.
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const answer = compute();
    this.entries.set(key, { at: this.now(), answer });
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }

  /** After a write here: every answer may have changed. Answers being computed are dropped, not kept. */
  written(reply: FastifyReply): void {
    this.entries.clear();
    if (this.ttlMs > 0)
      reply.setCookie(FRESH_COOKIE, '1', {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        // Outlives every answer kept on any instance when the write was made (whole seconds, rounded up).
        maxAge: Math.ceil(this.ttlMs / 1000) + 1,
      });
  }
}

/** Set on a browser that has just written: its stats calls skip the kept answers on every instance. */
export const FRESH_COOKIE = 'bo_fresh';

const MAX_ENTRIES = 500;
