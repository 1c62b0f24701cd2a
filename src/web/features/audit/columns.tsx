import { Anchor, Box, Code, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditLogEntry } from '../../../contract/audit';
import { href, paths } from '../../paths';
import { formatDateTime, type Column } from '../../ui';
import { actionLabel, recordLabel } from './labels';
import { RevertButton } from './RevertButton';

/** The records with a page of their own. */
const RECORD_PAGES: Record<string, (id: number) => string> = {
  device: (id) => href(paths.device, { id }),
  equipment: (id) => href(paths.equipmentItem, { id }),
  subscription: (id) => href(paths.subscription, { id }),
  customer: (id) => href(paths.customer, { id }),
  supplier: (id) => href(paths.supplierEdit, { id }),
  prospect: (id) => href(paths.prospect, { id }),
};

const AGENT_SHOWN = 40;

function RecordLink({ entityType, entityId }: AuditLogEntry) {
  const kind = recordLabel(entityType);
  if (entityId === null) return kind;
  const page = RECORD_PAGES[entityType];
  return page ? (
    <Anchor component={Link} to={page(entityId)} size="sm">
      {kind} {entityId}
    </Anchor>
  ) : (
    `${kind} ${entityId}`
  );
}

/** What the entry recorded, folded away until asked for. */
function Detail({ before, after }: AuditLogEntry) {
  const states = (
    [
      ['Before', before],
      ['After', after],
    ] as const
  ).filter(([, value]) => value != null);
  if (!states.length) return null;
  return (
    <Box component="details">
      <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
        Details
      </Text>
      <Stack gap={4} mt={4}>
        {states.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Code block>{JSON.stringify(value, null, 2)}</Code>
          </div>
        ))}
      </Stack>
    </Box>
  );
}

/** A failed sign-in with an unknown e-mail has no account; anything else without one was done by the system. */
const userOf = (e: AuditLogEntry) => e.userName ?? (e.action.startsWith('auth.') ? 'Unknown account' : 'System');

export const auditLogColumns: Column<AuditLogEntry>[] = [
  {
    key: 'createdAt',
    header: 'Time',
    nowrap: true,
    // To the second and in UTC on hover: the order of events can matter.
    render: (e) => <span title={e.createdAt}>{formatDateTime(e.createdAt)}</span>,
  },
  { key: 'user', header: 'User', render: userOf },
  { key: 'action', header: 'Action', render: (e) => actionLabel(e.action) },
  { key: 'record', header: 'Record', nowrap: true, render: (e) => <RecordLink {...e} /> },
  { key: 'ip', header: 'Address', nowrap: true, render: (e) => e.ip ?? '—' },
  {
    key: 'userAgent',
    header: 'User agent',
    render: (e) =>
      e.userAgent ? (
        <Text size="sm" title={e.userAgent}>
          {e.userAgent.length > AGENT_SHOWN ? `${e.userAgent.slice(0, AGENT_SHOWN)}…` : e.userAgent}
        </Text>
      ) : (
        '—'
      ),
  },
  {
    key: 'detail',
    header: 'Before / after',
    render: (e) => (
      <Stack gap={4} align="flex-start">
        <Detail {...e} />
        <RevertButton entry={e} />
      </Stack>
    ),
  },
];
