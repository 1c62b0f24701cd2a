import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancellationReason,
  cancellationReasonPaths as paths,
  createReasonBody,
  reasonIdParams,
  renameReasonBody,
  reorderReasonsBody,
} from '../../../contract/cancellation-reasons';
import type { Db } from '../../db/client';
import { listReasons } from './cancellation-reasons.queries';
import {
  createReason,
  deleteReason,
  renameReason,
  reorderReasons,
  setReasonActive,
} from './cancellation-reasons.service';

export const cancellationReasonRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const list = z.array(cancellationReason);

  app.get(paths.list, { config: { access: 'subscriptions.view' }, schema: { response: { 200: list } } }, () =>
    listReasons(db),
  );

  app.post(
    paths.list,
    {
      config: { access: 'cancellation-reasons.manage' },
      schema: { body: createReasonBody, response: { 201: cancellationReason } },
    },
    async (request, reply) => {
      const created = await createReason(db, request.user!.id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    paths.order,
    {
      config: { access: 'cancellation-reasons.manage' },
      schema: { body: reorderReasonsBody, response: { 200: list } },
    },
    (request) => reorderReasons(db, request.user!.id, request.body.ids),
  );

  app.patch(
    paths.item,
    {
      config: { access: 'cancellation-reasons.manage' },
      schema: { params: reasonIdParams, body: renameReasonBody, response: { 200: cancellationReason } },
    },
    (request) => renameReason(db, request.user!.id, request.params.reasonId, request.body.name),
  );

  app.post(
    paths.retire,
    {
      config: { access: 'cancellation-reasons.manage' },
      schema: { params: reasonIdParams, response: { 200: cancellationReason } },
    },
    (request) => setReasonActive(db, request.user!.id, request.params.reasonId, false),
  );

  app.post(
    paths.restore,
    {
      config: { access: 'cancellation-reasons.manage' },
      schema: { params: reasonIdParams, response: { 200: cancellationReason } },
    },
    (request) => setReasonActive(db, request.user!.id, request.params.reasonId, true),
  );

  app.delete(
    paths.item,
    { config: { access: 'cancellation-reasons.manage' }, schema: { params: reasonIdParams } },
    async (request, reply) => {
      await deleteReason(db, request.user!.id, request.params.reasonId);
      return reply.code(204).send();
    },
  );
};
