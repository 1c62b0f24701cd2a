import { IconHistory } from '@tabler/icons-react';
import { paths } from '../../paths';
import type { Feature } from '../../app/feature';

export const auditFeature: Feature = {
  routes: [
    {
      path: paths.audit,
      permission: 'audit.view',
      lazy: () => import('./AuditLogPage').then((m) => ({ Component: m.AuditLogPage })),
    },
  ],
  nav: [{ label: 'Audit log', href: paths.audit, icon: IconHistory }],
};
