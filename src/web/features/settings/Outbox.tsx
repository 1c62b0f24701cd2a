import { Badge, Button, Code, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { OutboxRow } from '../../../contract/settings';
import { DataTable, pageQueryProps, usePager, formatDateTime, type Column } from '../../ui';
import { useOutbox } from './api';

function showMessage(row: OutboxRow) {
  modals.open({
    title: row.subject,
    size: 'lg',
    children: (
      <Stack gap="xs">
        <Text size="sm">
          <b>From:</b> {row.from}
          <br />
          <b>To:</b> {row.to}
          <br />
          <b>Sent:</b> {formatDateTime(row.createdAt)}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap' }}>
          {row.text}
        </Code>
      </Stack>
    ),
  });
}

const columns: Column<OutboxRow>[] = [
  { key: 'to', header: 'Recipient' },
  { key: 'subject', header: 'Subject' },
  { key: 'createdAt', header: 'Sent', nowrap: true, sortable: 'desc', render: (r) => formatDateTime(r.createdAt) },
  {
    key: 'transport',
    header: 'Delivery',
    nowrap: true,
    render: (r) => (
      <Badge variant="light" color={r.transport === 'smtp' ? 'teal' : 'gray'}>
        {r.transport === 'smtp' ? 'SMTP' : 'Outbox'}
      </Badge>
    ),
  },
  {
    key: 'view',
    header: <VisuallyHidden>Message</VisuallyHidden>,
    width: 80,
    render: (r) => (
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => showMessage(r)}
        aria-label={`View the e-mail to ${r.to}`}
      >
        View
      </Button>
    ),
  },
];

/** Every e-mail the product sent; without SMTP_URL this is the only place they arrive. */
export function Outbox() {
  const pager = usePager<'createdAt' | '-createdAt'>('-createdAt');
  const list = useOutbox({ ...pager.request });
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Sent e-mails
      </Title>
      <DataTable
        caption="Sent e-mails"
        columns={columns}
        {...pageQueryProps(list)}
        {...pager.props}
        empty="No e-mails have been sent yet."
      />
    </Stack>
  );
}
