import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '../../../contract/pagination';
import {
  container,
  containerBody,
  containerIdParams,
  customerIdParams,
  customerItem,
  parcel,
  parcelBody,
  parcelListQuery,
  parcelPaths,
} from '../../../contract/parcels';
import type { Db } from '../../db/client';
import { customerItems, listContainers, listParcels } from './parcels.queries';
import { createContainer, createParcel, deleteContainer, updateContainer } from './parcels.service';

export const parcelRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    parcelPaths.list,
    { config: { access: 'parcels.view' }, schema: { querystring: parcelListQuery, response: { 200: pageOf(parcel) } } },
    async (request) => ({
      ...(await listParcels(db, request.query)),
      page: request.query.page,
      perPage: request.query.perPage,
    }),
  );

  app.post(
    parcelPaths.list,
    { config: { access: 'parcels.manage' }, schema: { body: parcelBody, response: { 201: parcel } } },
    async (request, reply) => reply.code(201).send(await createParcel(db, request.user!.id, request.body)),
  );

  app.get(
    parcelPaths.customerItems(':customerId'),
    {
      config: { access: 'parcels.manage' },
      schema: { params: customerIdParams, response: { 200: z.array(customerItem) } },
    },
    (request) => customerItems(db, request.params.customerId),
  );

  app.get(
    parcelPaths.containers,
    { config: { access: 'parcels.view' }, schema: { response: { 200: z.array(container) } } },
    () => listContainers(db),
  );

  app.post(
    parcelPaths.containers,
    { config: { access: 'parcels.manage' }, schema: { body: containerBody, response: { 201: container } } },
    async (request, reply) => reply.code(201).send(await createContainer(db, request.user!.id, request.body)),
  );

  app.put(
    parcelPaths.container(':id'),
    {
      config: { access: 'parcels.manage' },
      schema: { params: containerIdParams, body: containerBody, response: { 200: container } },
    },
    (request) => updateContainer(db, request.user!.id, request.params.id, request.body),
  );

  app.delete(
    parcelPaths.container(':id'),
    { config: { access: 'parcels.manage' }, schema: { params: containerIdParams } },
    async (request, reply) => {
      await deleteContainer(db, request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
