import type { ReactNode } from 'react';
import { Anchor, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { CustomerDetail } from '../../../contract/customers';
import { HttpError } from '../../lib/http';
import { DataTable, ErrorState, LoadingState, PageHeader, type Column, formatDate } from '../../ui';
import { AuditHistory } from '../audit';
import { MarkerMap } from '../maps';
import { href, paths } from '../../paths';
import { PermittedLink } from '../auth';
import { useCustomer } from './api';

type Of<K extends keyof CustomerDetail> = CustomerDetail[K] extends (infer R)[] ? R : never;

const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const deviceLink = (id: number | null) =>
  id === null ? (
    '—'
  ) : (
    <PermittedLink permission="devices.view" to={href(paths.device, { id })}>
      #{id}
    </PermittedLink>
  );

const subscriptionColumns: Column<Of<'subscriptions'>>[] = [
  {
    key: 'id',
    header: 'Subscription',
    render: (s) => (
      <PermittedLink permission="subscriptions.view" to={href(paths.subscription, { id: s.id })}>
        #{s.id}
      </PermittedLink>
    ),
  },
  { key: 'carrier', header: 'Carrier' },
  { key: 'status', header: 'Status' },
  { key: 'price', header: 'Price', align: 'right', render: (s) => money(s.price) },
  { key: 'deviceId', header: 'Device', render: (s) => deviceLink(s.deviceId) },
  { key: 'orderedAt', header: 'Ordered', nowrap: true, render: (s) => formatDate(s.orderedAt) },
  { key: 'cancelledAt', header: 'Cancelled', nowrap: true, render: (s) => formatDate(s.cancelledAt) || '—' },
];

const deviceColumns: Column<Of<'devices'>>[] = [
  { key: 'id', header: 'Device', render: (d) => deviceLink(d.id) },
  { key: 'model', header: 'Model', render: (d) => d.model ?? 'SIM Only' },
  { key: 'imei', header: 'IMEI', nowrap: true, render: (d) => d.imei ?? '—' },
  { key: 'sim', header: 'SIM', nowrap: true },
  { key: 'phone', header: 'Phone', nowrap: true, render: (d) => d.phone ?? '—' },
  { key: 'status', header: 'Status' },
];

const loanerColumns: Column<Of<'loaners'>>[] = [
  { key: 'deviceId', header: 'Device', render: (l) => deviceLink(l.deviceId) },
  { key: 'model', header: 'Model', render: (l) => l.model ?? 'SIM Only' },
  { key: 'startedAt', header: 'Lent', nowrap: true, render: (l) => formatDate(l.startedAt) },
  { key: 'returnedAt', header: 'Returned', nowrap: true, render: (l) => formatDate(l.returnedAt) || 'On loan' },
];

const renewalColumns: Column<Of<'renewals'>>[] = [
  { key: 'renewedAt', header: 'Renewed', nowrap: true, render: (r) => formatDate(r.renewedAt) },
  { key: 'subscriptionId', header: 'Subscription', render: (r) => `#${r.subscriptionId}` },
  { key: 'gross', header: 'Gross', align: 'right', render: (r) => money(r.gross) },
  { key: 'net', header: 'Est. Net', align: 'right', render: (r) => money(r.net) },
];

const creditColumns: Column<Of<'credits'>>[] = [
  { key: 'dueOn', header: 'Due', nowrap: true, render: (c) => formatDate(c.dueOn) },
  { key: 'amount', header: 'Amount', align: 'right', render: (c) => money(c.amount) },
  { key: 'appliedAt', header: 'Applied', nowrap: true, render: (c) => formatDate(c.appliedAt) || 'Outstanding' },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Contact({ customer }: { customer: CustomerDetail }) {
  const street = customer.address ?? '';
  const place = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const fact = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </div>
  );
  return (
    <Card withBorder padding="lg" h="100%">
      <Stack gap="sm">
        {fact('Customer ID', customer.id)}
        {fact('Email', customer.email && <Anchor href={`mailto:${customer.email}`}>{customer.email}</Anchor>)}
        {fact('Phone', customer.phone && <Anchor href={`tel:${customer.phone}`}>{customer.phone}</Anchor>)}
        {fact(
          'Address',
          (street || place) && (
            <>
              {street}
              {street && place && <br />}
              {place}
            </>
          ),
        )}
        {fact('Customer since', formatDate(customer.createdAt))}
      </Stack>
    </Card>
  );
}

function AddressMap({ customer }: { customer: CustomerDetail }) {
  if (customer.lat === null || customer.lng === null)
    return (
      <Card withBorder padding="lg" h="100%">
        <Text c="dimmed">This address has no map position.</Text>
      </Card>
    );
  const marker = {
    id: `customer-${customer.id}`,
    lat: customer.lat,
    lng: customer.lng,
    image: 'customer' as const,
    title: customer.name,
    label: [customer.address, customer.city, customer.state].filter(Boolean).join(', '),
  };
  return <MarkerMap markers={[marker]} height={280} label={`Map of ${customer.name}'s address`} />;
}

export function CustomerPage() {
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  if (customer.isPending)
    return (
      <>
        <PageHeader title="Customer" />
        <LoadingState />
      </>
    );
  if (customer.error)
    return (
      <>
        <PageHeader title="Customer" />
        <ErrorState
          message={
            customer.error instanceof HttpError ? customer.error.firstError : 'The customer could not be loaded.'
          }
          onRetry={() => customer.refetch()}
          error={customer.error}
        />
      </>
    );
  const c = customer.data;
  const table = <K extends keyof CustomerDetail>(key: K, columns: Column<Of<K>>[], caption: string, empty: string) => (
    <DataTable caption={caption} columns={columns} rows={c[key] as Of<K>[]} empty={empty} minWidth={520} />
  );
  return (
    <Stack gap="lg">
      <PageHeader title={c.name} description={`Customer #${c.id}`} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Contact customer={c} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AddressMap customer={c} />
        </Grid.Col>
      </Grid>
      <Section title="Subscriptions">
        {table('subscriptions', subscriptionColumns, 'Subscriptions', 'No subscriptions.')}
      </Section>
      <Section title="Devices">{table('devices', deviceColumns, 'Devices', 'No devices.')}</Section>
      <Section title="Loaners">{table('loaners', loanerColumns, 'Loaners', 'No loaners.')}</Section>
      <Section title="Renewals">{table('renewals', renewalColumns, 'Renewals', 'No renewals.')}</Section>
      <Section title="Credits">{table('credits', creditColumns, 'Credits', 'No credits.')}</Section>
      <Section title="History">
        <AuditHistory entityType="customer" empty="No changes recorded for this customer." entityId={c.id} />
      </Section>
    </Stack>
  );
}
