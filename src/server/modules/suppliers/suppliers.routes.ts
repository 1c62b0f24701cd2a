import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '../../../contract/pagination';
import {
  supplier,
  supplierBody,
  supplierIdParams,
  supplierListQuery,
  supplierPaths,
} from '../../../contract/suppliers';
import type { Db } from '../../db/client';
import { listSuppliers } from './suppliers.queries';
import { createSupplier, getSupplier, toSupplier, updateSupplier } from './suppliers.service';

export const supplierRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    supplierPaths.list,
    {
      config: { access: 'suppliers.view' },
      schema: { querystring: supplierListQuery, response: { 200: pageOf(supplier) } },
    },
    async (request) => {
      const { rows, total } = await listSuppliers(db, request.query);
      return { rows: rows.map(toSupplier), total, page: request.query.page, perPage: request.query.perPage };
    },
  );

  app.get(
    supplierPaths.detail(':id'),
    { config: { access: 'suppliers.view' }, schema: { params: supplierIdParams, response: { 200: supplier } } },
    (request) => getSupplier(db, request.params.id),
  );

  app.post(
    supplierPaths.list,
    { config: { access: 'suppliers.manage' }, schema: { body: supplierBody, response: { 201: supplier } } },
    async (request, reply) => reply.code(201).send(await createSupplier(db, request.user!.id, request.body)),
  );

  app.put(
    supplierPaths.detail(':id'),
    {
      config: { access: 'suppliers.manage' },
      schema: { params: supplierIdParams, body: supplierBody, response: { 200: supplier } },
    },
    (request) => updateSupplier(db, request.user!.id, request.params.id, request.body),
  );
};
