/**
 * Who may do what: permissions, the roles that bundle them, and the access each route declares.
 * The server checks a route's declaration against the signed-in user's role; the web hides what the role lacks.
 * The matrix and its reasons: docs/decisions/010-access-control.md.
 */

export const PERMISSIONS = [
  'dashboard.view',
  'customers.view',
  'members.lookup',
  'devices.view',
  'devices.manage',
  'subscriptions.view',
  'subscriptions.manage',
  'cancellation-reasons.manage',
  'prospects.view-own',
  'prospects.view-all',
  'prospects.log',
  'maps.view',
  'parcels.view',
  'parcels.manage',
  'suppliers.view',
  'suppliers.manage',
  'feedback.view',
  'feedback.send',
  'history.view',
  'settings.manage',
  'staff.manage',
  'audit.view',
  'backups.download',
  'jobs.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a route needs: `public` (anyone, signed in or not), `signed-in` (any staff account), or one permission.
 * Every route declares one; a route without a declaration is refused when the app is built.
 */
export type Access = 'public' | 'signed-in' | Permission;

export const ROLE_IDS = ['administrator', 'operations', 'field-rep', 'analyst'] as const;
export type RoleId = (typeof ROLE_IDS)[number];

const READ_ONLY: Permission[] = [
  'dashboard.view',
  'customers.view',
  'members.lookup',
  'devices.view',
  'subscriptions.view',
  'prospects.view-own',
  'prospects.view-all',
  'maps.view',
  'parcels.view',
  'suppliers.view',
  'feedback.view',
  'feedback.send',
  'history.view',
];

export const ROLES: Record<RoleId, { label: string; summary: string; permissions: readonly Permission[] }> = {
  administrator: {
    label: 'Administrator',
    summary: 'Everything, including staff accounts, settings and the audit log.',
    permissions: PERMISSIONS,
  },
  operations: {
    label: 'Operations',
    summary:
      'Devices, equipment, subscriptions, cancellations and their reasons, customers, parcels, suppliers, feedback and the dashboard.',
    permissions: [
      ...READ_ONLY,
      'devices.manage',
      'subscriptions.manage',
      'cancellation-reasons.manage',
      'parcels.manage',
      'suppliers.manage',
    ],
  },
  'field-rep': {
    label: 'Field rep',
    summary: 'Logs their own prospect visits, sees their own prospects and the prospect map, picks existing members.',
    permissions: ['prospects.view-own', 'prospects.log', 'members.lookup', 'feedback.send'],
  },
  analyst: {
    label: 'Analyst',
    summary: 'The dashboard and every list, read only.',
    permissions: READ_ONLY,
  },
};

export const roleLabel = (role: RoleId) => ROLES[role].label;

export function can(role: RoleId, permission: Permission): boolean {
  return ROLES[role].permissions.includes(permission);
}

/** Whether a signed-in user of this role passes a route's access declaration. */
export function allows(role: RoleId, access: Access): boolean {
  return access === 'public' || access === 'signed-in' || can(role, access);
}
