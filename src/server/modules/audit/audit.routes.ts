import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints, auditLogEndpoints } from '../../../contract/audit';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import type { auditLogRows } from './audit.queries';
import { sendRowsCsv, type CsvColumn } from '../../http/csv';
import { auditHistory, auditLogBatches, auditLogPage } from './audit.service';

export const auditRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, auditEndpoints.list, ({ query, user }) =>
    auditHistory(db, query.entityType, query.entityId, timeZone, user.role),
  );
  route(app, auditLogEndpoints.list, ({ query, user }) => auditLogPage(db, query, timeZone, user.role));
  route(app, auditLogEndpoints.export, ({ query, reply }) =>
    sendRowsCsv(reply, 'audit-log', AUDIT_CSV, auditLogBatches(db, query, timeZone)),
  );
};

type AuditRow = Awaited<ReturnType<typeof auditLogRows>>[number];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

const AUDIT_CSV: CsvColumn<AuditRow>[] = [
  { header: 'Entry ID', value: (e) => e.id },
  { header: 'Time', value: (e) => e.createdAt.toISOString() },
  { header: 'User ID', value: (e) => e.userId },
  { header: 'User', value: (e) => e.userName },
  { header: 'Action', value: (e) => e.action },
  { header: 'Record type', value: (e) => e.entityType },
  { header: 'Record ID', value: (e) => e.entityId },
  { header: 'IP', value: (e) => e.ip },
  { header: 'User agent', value: (e) => e.userAgent },
  { header: 'Before', value: (e) => json(e.before) },
  { header: 'After', value: (e) => json(e.after) },
];
