import type { FastifyPluginAsync } from 'fastify';
import { supplierEndpoints as endpoints } from '../../../contract/suppliers';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { sendListCsv, type CsvColumn } from '../../http/csv';
import type { Supplier } from '../../../contract/suppliers';
import { listSuppliers, supplierNames } from './suppliers.queries';
import { createSupplier, getSupplier, toSupplier, updateSupplier } from './suppliers.service';

export const supplierRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, async ({ query }) => {
    const page = await listSuppliers(db, query);
    return { ...page, rows: page.rows.map(toSupplier) };
  });

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'suppliers', SUPPLIER_CSV, async (page) => {
      const found = await listSuppliers(db, { ...query, ...page });
      return { ...found, rows: found.rows.map(toSupplier) };
    }),
  );

  route(app, endpoints.names, () => supplierNames(db));

  route(app, endpoints.detail, ({ params }) => getSupplier(db, params.id));

  route(app, endpoints.create, ({ body, user }) => createSupplier(db, user.id, body));

  route(app, endpoints.update, ({ params, body, user }) => updateSupplier(db, user.id, params.id, body));
};

const SUPPLIER_CSV: CsvColumn<Supplier>[] = [
  { header: 'Supplier ID', value: (s) => s.id },
  { header: 'Name', value: (s) => s.name },
  { header: 'Contact name', value: (s) => s.contactName },
  { header: 'Contact email', value: (s) => s.contactEmail },
  { header: 'Contact phone', value: (s) => s.contactPhone },
  { header: 'Prorates', value: (s) => (s.prorates === '1' ? 'yes' : 'no') },
  { header: 'Supplier report', value: (s) => (s.supplierReport ? 'yes' : 'no') },
  { header: 'Frequency', value: (s) => s.frequency },
  { header: 'Billing cycle', value: (s) => s.billingCycle },
  { header: 'Created', value: (s) => s.createdAt },
  { header: 'Updated', value: (s) => s.updatedAt },
];
