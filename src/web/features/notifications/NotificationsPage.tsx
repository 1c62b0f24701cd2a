import { useState } from 'react';
import { Badge, Button, Card, Group, Menu, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconBellOff, IconClockPause, IconDotsVertical, IconHistory, IconTrash } from '@tabler/icons-react';
import { alertScope, notificationEndpoints as endpoints, type AlertRule } from '../../../contract/notifications';
import { api } from '../../lib/api';
import { useApiQuery, useInvalidate } from '../../lib/data';
import { DataTable, formatDateTime, PageHeader, useConfirmAction, type Column } from '../../ui';
import { useNotificationSettings, useSnooze } from './api';
import { DigestForm } from './DigestForm';

const CONDITION: Record<AlertRule['condition'], string> = {
  above: 'Above',
  below: 'Below',
  change: 'Changes by more than',
};
const FREQUENCY: Record<AlertRule['frequency'], string> = {
  hourly: 'checked every hour',
  daily: 'checked daily at 07:00',
  weekly: 'checked Mondays at 07:00',
};

/** "Above 5 · Past Year · checked daily at 07:00". */
export function ruleSummary(rule: AlertRule): string {
  const threshold = `${rule.threshold.toLocaleString('en-US')}${rule.condition === 'change' ? ' %' : ''}`;
  return `${CONDITION[rule.condition]} ${threshold} · ${alertScope(rule.metric, rule.view)} · ${FREQUENCY[rule.frequency]}`;
}

function RuleState({ rule }: { rule: AlertRule }) {
  if (!rule.enabled) return <Badge color="gray">Off (unsubscribed)</Badge>;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={rule.firing ? 'red' : 'teal'} variant="light">
        {rule.firing ? 'Firing' : 'Normal'}
      </Badge>
      {rule.snoozedUntil && (
        <Badge color="yellow" variant="light" title={`Snoozed until ${formatDateTime(rule.snoozedUntil!)}`}>
          Snoozed
        </Badge>
      )}
    </Group>
  );
}

/** A rule's crossings, newest first. */
function HistoryDialog({ rule, onClose }: { rule: AlertRule; onClose(): void }) {
  const events = useApiQuery(endpoints.history, { params: { id: rule.id } });
  return (
    <Modal opened onClose={onClose} title={`History: ${rule.label}`} size="lg">
      {events.data?.length === 0 ? (
        <Text size="sm" c="dimmed">
          It has not fired yet.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(events.data ?? []).map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatDateTime(e.createdAt)}</Table.Td>
                <Table.Td>{e.kind === 'fired' ? 'Fired' : 'Back to normal'}</Table.Td>
                <Table.Td>{e.value.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

function RuleActions({ rule, onHistory }: { rule: AlertRule; onHistory(): void }) {
  const snooze = useSnooze();
  const { confirm } = useConfirmAction();
  const invalidate = useInvalidate();
  const params = { id: rule.id };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="subtle" aria-label={`Actions of the alert ${rule.label}`}>
          <IconDotsVertical size={16} />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconHistory size={16} />} onClick={onHistory}>
          History
        </Menu.Item>
        <Menu.Item
          leftSection={<IconClockPause size={16} />}
          onClick={() => snooze.mutate({ params, body: { for: 'day' } })}
        >
          Snooze for a day
        </Menu.Item>
        <Menu.Item
          leftSection={<IconClockPause size={16} />}
          onClick={() => snooze.mutate({ params, body: { for: 'week' } })}
        >
          Snooze for a week
        </Menu.Item>
        {rule.snoozedUntil && (
          <Menu.Item
            leftSection={<IconBellOff size={16} />}
            onClick={() => snooze.mutate({ params, body: { for: 'none' } })}
          >
            Resume e-mails
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() =>
            void confirm({
              title: 'Delete this alert',
              message: `No more e-mails about ${rule.label}.`,
              confirmLabel: 'Delete',
              danger: true,
              action: () => api(endpoints.removeRule, { params }),
              successMessage: 'Alert deleted.',
              onSuccess: () => void invalidate(endpoints.removeRule, { params }),
            })
          }
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function useColumns(onHistory: (rule: AlertRule) => void): Column<AlertRule>[] {
  return [
    {
      key: 'label',
      header: 'Figure',
      card: 'title',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.label}
          </Text>
          <Text size="xs" c="dimmed">
            {ruleSummary(r)}
          </Text>
        </Stack>
      ),
    },
    { key: 'state', header: 'State', nowrap: true, render: (r) => <RuleState rule={r} /> },
    {
      key: 'lastValue',
      header: 'Last check',
      render: (r) =>
        r.lastCheckedAt
          ? `${r.lastValue?.toLocaleString('en-US') ?? '—'} at ${formatDateTime(r.lastCheckedAt)}`
          : 'Not yet',
    },
    {
      key: 'recipients',
      header: 'Mails',
      render: (r) => [r.owner.name, ...r.recipients.map((p) => p.name)].join(', '),
    },
    {
      key: 'lastError',
      header: 'Problem',
      render: (r) =>
        r.lastError && (
          <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
            {r.lastError}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: 'Action',
      nowrap: true,
      render: (r) => <RuleActions rule={r} onHistory={() => onHistory(r)} />,
    },
  ];
}

/** A person's alerts (with an Administrator's team rules) and their digest of the dashboard (ADR 059). */
export function NotificationsPage() {
  const settings = useNotificationSettings();
  const [history, setHistory] = useState<AlertRule | null>(null);
  const columns = useColumns(setHistory);
  return (
    <>
      <PageHeader
        title="Alerts & digests"
        description={`E-mails about the dashboard's figures. Times are business time${settings.data ? ` (${settings.data.timeZone})` : ''}.`}
      />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Alerts
          </Title>
          <DataTable
            caption="Alerts"
            columns={columns}
            rows={settings.data?.rules}
            loading={settings.isPending}
            error={settings.error}
            onRetry={() => void settings.refetch()}
            rowKey={(r) => String(r.id)}
            empty="No alerts yet. Make one from a chart's menu (Alert me…) or a figure's bell on the dashboard."
          />
        </Stack>
        <Card withBorder padding="md" component="section" aria-labelledby="digest-title">
          <Title order={2} size="h4" id="digest-title" mb="sm">
            Digest
          </Title>
          {settings.data && <DigestForm digest={settings.data.digest} timeZone={settings.data.timeZone} />}
        </Card>
      </Stack>
      {history && <HistoryDialog rule={history} onClose={() => setHistory(null)} />}
    </>
  );
}
