import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Endpoint } from '../../contract/endpoint';
import type { Topic } from '../../contract/topics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The topics a write changes, from its endpoint's declaration (ADR 033). */
    changes?: readonly Topic[];
  }
}

/** Something kept from the answers of some reads (stats answers, a map index), and how to drop it. */
export interface KeptAnswers {
  of: readonly Endpoint[];
  drop(reply: FastifyReply): void;
}

/**
 * After a successful write, drops everything kept from reads of a topic the write's endpoint declares it changes
 * (ADR 033): no URL is looked at. Before the answer leaves, so that the writer's next read finds it gone. Added
 * before the routes, so that every route has it.
 */
export function dropStaleOnWrite(app: FastifyInstance, kept: readonly KeptAnswers[]): void {
  const readers = kept.map(({ of, drop }) => ({ reads: new Set(of.flatMap((e) => e.reads ?? [])), drop }));
  app.addHook('onSend', async (request, reply, payload) => {
    const changes = request.routeOptions.config.changes;
    if (!changes?.length || reply.statusCode >= 400) return payload;
    for (const { reads, drop } of readers) if (changes.some((topic) => reads.has(topic))) drop(reply);
    return payload;
  });
}
