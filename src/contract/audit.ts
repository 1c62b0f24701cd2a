import { z } from 'zod';

export const auditPaths = { list: '/admin/api/audit' } as const;

export const auditQuery = z.object({
  entityType: z.string().min(1).max(50),
  entityId: z.coerce.number().int().positive(),
});

export const auditEntry = z.object({
  id: z.number(),
  action: z.string(),
  userName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
