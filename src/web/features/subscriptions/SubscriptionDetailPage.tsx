import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ORDER_SOURCE_LABELS, subscriptionEndpoints, type SubscriptionDetail } from '../../../contract/subscriptions';
import { ErrorState, LoadingState, PageHeader, formatDate } from '../../ui';
import { useApiMutation } from '../../lib/data';
import { href, paths } from '../../paths';
import { ReasonPicker } from '../cancellation-reasons';
import { reasonLabel, useCancellationReasons } from '../cancellation-reasons';
import { PermittedLink, useCan } from '../auth';
import { AuditHistory } from '../audit';
import { useSubscription } from './api';
import { carrierName } from './columns';
import { formatPhone } from './phone';

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={130} fw={500} c="dimmed">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Detail({ s }: { s: SubscriptionDetail }) {
  return (
    <Stack gap="xl">
      <SubscriptionFacts s={s} />
      <CancellationSection s={s} />
      <RenewalsSection renewals={s.renewals} />
      <Section title="History">
        <AuditHistory entityType="subscription" entityId={s.id} />
      </Section>
    </Stack>
  );
}

const money = (v: string) => `$${Number(v).toFixed(2)}`;

/** Who has the subscription, its terms, and the device it runs on. */
function SubscriptionFacts({ s }: { s: SubscriptionDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Facts
        title="Customer"
        rows={[
          [
            'Name',
            <PermittedLink key="c" permission="customers.view" to={href(paths.customer, { id: s.customer.id })}>
              {s.customer.name}
            </PermittedLink>,
          ],
          ['Customer ID', s.customer.id],
          ['Phone', formatPhone(s.customer.phone)],
          ['Email', s.customer.email],
        ]}
      />
      <Facts
        title="Subscription"
        rows={[
          ['Carrier', carrierName(s.carrierId)],
          ['Order source', ORDER_SOURCE_LABELS[s.source]],
          ['Referral code', s.referralCode],
          ['Price', money(s.price)],
          ['Ordered', formatDate(s.orderedAt)],
          ['Cancelled', formatDate(s.cancelledAt) || null],
        ]}
      />
      <Facts
        title="Device"
        rows={
          s.device
            ? [
                [
                  'Device',
                  <PermittedLink key="d" permission="devices.view" to={href(paths.device, { id: s.device.id })}>
                    #{s.device.id}
                  </PermittedLink>,
                ],
                ['Model', s.device.model ?? 'SIM Only'],
                ['Phone', formatPhone(s.device.phone)],
                ['IMEI', s.device.imei],
                ['SIM', s.device.sim],
              ]
            : [['Device', 'None']]
        }
      />
    </SimpleGrid>
  );
}

/** The recorded reason (set here with subscriptions.manage) and every cancellation or return so far. */
function CancellationSection({ s }: { s: SubscriptionDetail }) {
  const reasons = useCancellationReasons();
  const can = useCan();
  const setReason = useApiMutation(subscriptionEndpoints.setReason, {
    success: 'Cancellation reason saved.',
  });

  // A refusal is the kit's toast; the picker just gets its control back, still showing the recorded reason.
  const changeReason = async (reasonId: number) => {
    await setReason
      .mutateAsync({
        params: { subscriptionId: s.id },
        body: { cancellation_reason_id: reasonId, expected_cancellation_reason_id: s.cancellationReasonId },
      })
      .catch(() => undefined);
  };

  return (
    <Section title="Cancellation">
      {s.status === 'cancelled' || s.cancellationReasonId ? (
        <Group align="flex-start" gap="sm">
          <Text size="sm" mt={6}>
            Reason
          </Text>
          {/* Setting a reason changes the trend figures (subscriptions.manage); other roles read it. */}
          {can('subscriptions.manage') ? (
            <ReasonPicker
              label={`Cancellation reason for subscription ${s.id}`}
              value={s.cancellationReasonId}
              reasons={reasons.data}
              onPick={changeReason}
            />
          ) : (
            <Text size="sm" mt={6}>
              {reasonLabel(reasons.data, s.cancellationReasonId)}
            </Text>
          )}
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          This subscription is active.
        </Text>
      )}
      {s.cancellations.length > 0 && (
        <Table.ScrollContainer minWidth={500}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cancelled</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Cancellation reason</Table.Th>
                <Table.Th>Return reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.cancellations.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{formatDate(c.cancelledAt)}</Table.Td>
                  <Table.Td>{c.isReturn ? '21-day return' : 'Cancellation'}</Table.Td>
                  <Table.Td>{reasonLabel(reasons.data, c.cancellationReasonId)}</Table.Td>
                  <Table.Td>{c.returnReason ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The latest renewals with their amounts; the count says when there are more. */
function RenewalsSection({ renewals }: { renewals: SubscriptionDetail['renewals'] }) {
  return (
    <Section title="Renewals">
      {renewals.total === 0 ? (
        <Text c="dimmed" size="sm">
          No renewals yet.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={360}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Renewed</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Est. net</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {renewals.rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDate(r.renewedAt)}</Table.Td>
                    <Table.Td ta="right">{money(r.gross)}</Table.Td>
                    <Table.Td ta="right">{money(r.net)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {renewals.total > renewals.rows.length && (
            <Text size="sm" c="dimmed">
              The latest {renewals.rows.length} of {renewals.total} renewals.
            </Text>
          )}
        </>
      )}
    </Section>
  );
}

export function SubscriptionDetailPage() {
  const id = Number(useParams().id);
  const detail = useSubscription(id);
  return (
    <>
      <PageHeader
        title={`Subscription #${id}`}
        actions={
          detail.data && (
            <Badge size="lg" variant="light" color={detail.data.status === 'active' ? 'green' : 'gray'}>
              {detail.data.status === 'active' ? 'Active' : 'Cancelled'}
            </Badge>
          )
        }
      />
      {detail.isPending ? (
        <LoadingState />
      ) : detail.error ? (
        <ErrorState message={detail.error.message} onRetry={() => detail.refetch()} error={detail.error} />
      ) : (
        <Detail s={detail.data} />
      )}
    </>
  );
}
