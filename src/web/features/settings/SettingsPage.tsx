import { Stack } from '@mantine/core';
import { useCurrentUser } from '../auth/api';
import { ErrorState, LoadingState, PageHeader } from '../../ui';
import { useLookupEmailSettings } from './api';
import { LookupEmailSummary } from './LookupEmailSummary';
import { Outbox } from './Outbox';
import { TestEmailSender } from './TestEmailSender';

export function SettingsPage() {
  const settings = useLookupEmailSettings();
  const me = useCurrentUser();
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" description="The lookup e-mail sent to customers who look up a plan." />
      {settings.error ? (
        <ErrorState message="The settings could not be loaded." onRetry={() => settings.refetch()} />
      ) : settings.data ? (
        <LookupEmailSummary saved={settings.data} />
      ) : (
        <LoadingState label="Loading settings…" />
      )}
      {me.data && <TestEmailSender defaultAddress={me.data.email} />}
      <Outbox />
    </Stack>
  );
}
