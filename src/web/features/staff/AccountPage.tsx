import { Badge, Button, Card, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { roleLabel } from '../../../contract/access';
import { accountEndpoints, type OwnSession } from '../../../contract/staff';
import { api } from '../../lib/api';
import { useInvalidate } from '../../lib/data';
import {
  DataTable,
  DetailField,
  Form,
  formatDateTime,
  notify,
  PageHeader,
  SubmitButton,
  useConfirmAction,
  useFieldProps,
  useForm,
  type Column,
} from '../../ui';
import { useCurrentUser } from '../auth';
import { useOwnSessions } from './api';
import { TwoFactorCard, TwoFactorRequiredNotice } from './TwoFactorCard';
import { confirmNewPassword, NewPasswordInputs, type NewPasswordValues } from './NewPasswordInputs';

type ChangePasswordValues = NewPasswordValues & { currentPassword: string };

function ChangePasswordForm() {
  const form = useForm<ChangePasswordValues>({ currentPassword: '', password: '', passwordConfirmation: '' });
  const changed = {
    onSuccess: () => notify.success('Password changed. Your other sessions have been signed out.'),
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Change password
      </Title>
      <Form
        form={form}
        onSubmit={() => confirmNewPassword(form) && form.submit(accountEndpoints.changePassword, {}, changed)}
      >
        <PasswordInput
          {...useFieldProps(form, 'currentPassword', { label: 'Current password', required: true })}
          autoComplete="current-password"
        />
        <NewPasswordInputs form={form} />
        <div>
          <SubmitButton>Change password</SubmitButton>
        </div>
      </Form>
    </Card>
  );
}

function OwnSessions() {
  const sessions = useOwnSessions();
  const invalidate = useInvalidate();
  const { confirm } = useConfirmAction();
  const columns: Column<OwnSession>[] = [
    {
      key: 'signedInAt',
      header: 'Signed in',
      nowrap: true,
      render: (s) => (
        <Stack gap={4} align="flex-start">
          {formatDateTime(s.signedInAt) || 'Unknown'}
          {s.current && <Badge variant="light">This session</Badge>}
        </Stack>
      ),
    },
    { key: 'userAgent', header: 'Browser', render: (s) => s.userAgent ?? 'Not recorded' },
    { key: 'ip', header: 'IP address', nowrap: true, render: (s) => s.ip ?? 'Not recorded' },
    { key: 'expiresAt', header: 'Ends if unused by', nowrap: true, render: (s) => formatDateTime(s.expiresAt) },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (s) =>
        !s.current && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() =>
              confirm({
                title: 'End session',
                message: 'That browser is signed out at once.',
                confirmLabel: 'End session',
                danger: true,
                action: () => api(accountEndpoints.endSession, { params: { key: s.key } }),
                onSuccess: () => void invalidate(accountEndpoints.endSession),
                successMessage: 'Session ended.',
              })
            }
          >
            End
          </Button>
        ),
    },
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Open sessions
      </Title>
      <DataTable
        caption="Open sessions"
        columns={columns}
        rows={sessions.data}
        rowKey={(s) => s.key}
        loading={sessions.isFetching}
        error={sessions.error}
        onRetry={() => sessions.refetch()}
        minWidth={560}
        empty="No open sessions."
      />
    </Card>
  );
}

/** Any signed-in person's own account: who they are, their password, where they are signed in. */
export function AccountPage() {
  const me = useCurrentUser();
  return (
    <Stack gap="md">
      <PageHeader title="Your account" />
      <TwoFactorRequiredNotice />
      {me.data && (
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DetailField label="Name">{me.data.name}</DetailField>
            <DetailField label="E-mail">{me.data.email}</DetailField>
            <DetailField label="Role">{roleLabel(me.data.role)}</DetailField>
          </SimpleGrid>
        </Card>
      )}
      <ChangePasswordForm />
      {me.data && <TwoFactorCard email={me.data.email} />}
      <OwnSessions />
      <Text size="xs" c="dimmed">
        A session ends when it has not been used for a while, when you sign out, or when your password changes or
        two-factor sign-in is turned off.
      </Text>
    </Stack>
  );
}
