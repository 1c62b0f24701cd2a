import type { FastifyPluginAsync } from 'fastify';
import { supplierEndpoints as endpoints } from '../../../contract/suppliers';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv } from '../../http/csv';
import { listSuppliers, supplierList, supplierNames } from './suppliers.queries';
import { createSupplier, getSupplier, toSupplier, updateSupplier } from './suppliers.service';

export const supplierRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, async ({ query }) => {
    const page = await listSuppliers(db, query);
    return { ...page, rows: page.rows.map(toSupplier) };
  });

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'suppliers', db, supplierList(db, query), query),
  );

  route(app, endpoints.names, () => supplierNames(db));

  route(app, endpoints.detail, ({ params }) => getSupplier(db, params.id));

  route(app, endpoints.create, ({ body, user }) => createSupplier(db, user.id, body));

  route(app, endpoints.update, ({ params, body, user }) => updateSupplier(db, user.id, params.id, body));
};
