import { Anchor, Box, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditChange, AuditEntry, AuditLogEntry } from '../../../contract/audit';
import { href, paths } from '../../paths';
import { formatDateTime, type Column } from '../../ui';
import { ChangeDiff } from './ChangeDiff';
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

/** The record by its name when the server gave one, its kind and id beneath; a link while it still exists. */
function RecordLink({ entityType, entityId, recordName, recordGone }: AuditChange) {
  const kind = recordLabel(entityType);
  if (entityId === null) return kind;
  const title = recordName ?? `${kind} ${entityId}`;
  const page = recordGone ? undefined : RECORD_PAGES[entityType];
  return (
    <Stack gap={0}>
      {page ? (
        <Anchor component={Link} to={page(entityId)} size="sm">
          {title}
        </Anchor>
      ) : (
        <Text size="sm">{title}</Text>
      )}
      {(recordName !== null || recordGone) && (
        <Text size="xs" c="dimmed">
          {recordName !== null && `${kind} ${entityId}`}
          {recordName !== null && recordGone && ' · '}
          {recordGone && 'no longer exists'}
        </Text>
      )}
    </Stack>
  );
}

/** A taking back shown on its own (its change is filtered out): which entry it took back. */
function TookBack({ before }: AuditChange) {
  const { entryId, action } = (before ?? {}) as { entryId?: number; action?: string };
  return (
    <Text size="sm">
      Took back entry {entryId} ({actionLabel(action ?? '')})
    </Text>
  );
}

/** What the entry changed, and Revert when the server says it still applies. */
function Change(e: AuditChange) {
  return (
    <Stack gap={4} align="flex-start">
      {e.action === 'change.reverted' ? <TookBack {...e} /> : <ChangeDiff before={e.before} after={e.after} />}
      <RevertButton entry={e} />
    </Stack>
  );
}

const sameRecord = (a: AuditChange, b: AuditChange) => a.entityType === b.entityType && a.entityId === b.entityId;

/**
 * An entry written with another, shown under it: its record when it is another, its action when it differs, what it
 * changed, and Revert (Redo for an undo's entry) when the server says it still applies.
 */
function EntryWith({ entry, of, kind }: { entry: AuditChange; of: AuditChange; kind?: 'Redo' }) {
  return (
    <Stack gap={2} align="flex-start">
      {!sameRecord(entry, of) && <RecordLink {...entry} />}
      {entry.action !== of.action && (
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
      )}
      <ChangeDiff before={entry.before} after={entry.after} />
      <RevertButton entry={entry} kind={kind} />
    </Stack>
  );
}

/**
 * An undo or revert of the change, shown with it: who took it back and when, and what that put back (naming the
 * record when it is another, as a cancellation's undo also puts its subscription back). Reverting it redoes the change.
 */
function Undone({ undo, of }: { undo: AuditEntry['undos'][number]; of: AuditChange }) {
  return (
    <Box pl="xs" style={{ borderInlineStart: '3px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" fw={600}>
        Undone by {undo.userName ?? 'System'} {formatDateTime(undo.createdAt)}
      </Text>
      {undo.entries.map((b) => (
        <EntryWith key={b.id} entry={b} of={of} kind="Redo" />
      ))}
    </Box>
  );
}

/** Every record a change touched: its own, then those it wrote alongside (a replacement's two devices), once each. */
function Records({ entry }: { entry: AuditEntry }) {
  const others = entry.alongside.filter(
    (a, i, all) => !sameRecord(a, entry) && all.findIndex((b) => sameRecord(a, b)) === i,
  );
  return (
    <Stack gap="xs">
      {[entry, ...others].map((r) => (
        <RecordLink key={r.id} {...r} />
      ))}
    </Stack>
  );
}

/** A failed sign-in with an unknown e-mail has no account; anything else without one was done by the system. */
const userOf = (e: AuditChange) => e.userName ?? (e.action.startsWith('auth.') ? 'Unknown account' : 'System');

const time: Column<AuditChange> = {
  key: 'createdAt',
  header: 'Time',
  nowrap: true,
  sortable: 'desc',
  // To the second and in UTC on hover: the order of events can matter.
  render: (e) => <span title={e.createdAt}>{formatDateTime(e.createdAt)}</span>,
};

/**
 * The change, what it wrote alongside on other records (each under its record), and its undos; on a phone, under
 * the record it was made to.
 */
const ChangeCell = ({ entry, withRecord }: { entry: AuditEntry; withRecord?: boolean }) => (
  <Stack gap="xs" miw={160}>
    {withRecord && <RecordLink {...entry} />}
    <Change {...entry} />
    {entry.alongside.map((a) => (
      <EntryWith key={a.id} entry={a} of={entry} />
    ))}
    {entry.undos.map((undo) => (
      <Undone key={undo.id} undo={undo} of={entry} />
    ))}
  </Stack>
);

const user: Column<AuditChange> = { key: 'user', header: 'User', render: userOf };
const action: Column<AuditChange> = { key: 'action', header: 'Action', render: (e) => actionLabel(e.action) };

export const auditLogColumns: Column<AuditLogEntry>[] = [
  time,
  user,
  action,
  { key: 'record', header: 'Record', render: (e) => <Records entry={e} /> },
  { key: 'change', header: 'Change', width: '32%', render: (e) => <ChangeCell entry={e} /> },
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
];

/** When, who and what in one cell, for a phone. */
const entry: Column<AuditChange> = {
  // Sorted by its time, as the wide table's Time column.
  key: 'createdAt',
  header: 'Entry',
  sortable: 'desc',
  render: (e) => (
    <Stack gap={0}>
      {time.render!(e)}
      <Text size="sm">{userOf(e)}</Text>
      <Text size="sm" fw={600}>
        {actionLabel(e.action)}
      </Text>
    </Stack>
  ),
};

/**
 * Two columns that fit a phone, so the change is read without scrolling sideways: when, who and what; the record
 * and the change. The address and user agent are left to the wide table and the export.
 */
export const auditLogPhoneColumns: Column<AuditLogEntry>[] = [
  entry,
  { key: 'change', header: 'Change', render: (e) => <ChangeCell entry={e} withRecord /> },
];

/** A record's history: the log's columns, but for the record, which is the page's own, and where changes came from. */
export const historyColumns: Column<AuditEntry>[] = [
  time,
  user,
  action,
  { key: 'change', header: 'Change', width: '50%', render: (e) => <ChangeCell entry={e} /> },
];
export const historyPhoneColumns: Column<AuditEntry>[] = [
  entry,
  { key: 'change', header: 'Change', render: (e) => <ChangeCell entry={e} /> },
];

/** The wide columns, or where the table is narrow (a phone) the two that fit it, and its width before it scrolls. */
export function fittingColumns<T>(narrow: boolean, wide: Column<T>[], phone: Column<T>[], wideMinWidth: number) {
  return narrow ? { columns: phone, minWidth: 280 } : { columns: wide, minWidth: wideMinWidth };
}

/** Where a table is narrow enough for the phone's columns. */
export const NARROW_TABLE = 599;
