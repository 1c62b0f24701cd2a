import type { FastifyPluginAsync } from 'fastify';
import { parcelEndpoints as endpoints } from '../../../contract/parcels';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { once } from '../../http/idempotency';
import { sendListCsv } from '../../http/csv';
import { customerItems, listContainers, listParcels, parcelList } from './parcels.queries';
import { createContainer, createParcel, deleteContainer, updateContainer } from './parcels.service';

export const parcelRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ query }) => listParcels(db, query));

  route(app, endpoints.export, ({ query, reply }) => sendListCsv(reply, 'parcels', db, parcelList(db, query), query));

  route(app, endpoints.create, ({ body, user, request }) =>
    once(db, request, user.id, (tx) => createParcel(tx, user.id, body)),
  );

  route(app, endpoints.customerItems, ({ params }) => customerItems(db, params.customerId));

  route(app, endpoints.containers, () => listContainers(db));

  route(app, endpoints.createContainer, ({ body, user }) => createContainer(db, user.id, body));

  route(app, endpoints.updateContainer, ({ params, body, user }) => updateContainer(db, user.id, params.id, body));

  route(app, endpoints.deleteContainer, ({ params, user }) => deleteContainer(db, user.id, params.id));
};
