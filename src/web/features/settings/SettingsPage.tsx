import { Stack } from '@mantine/core';
import { useCan, useCurrentUser } from '../auth';
import { ErrorState, LoadingState, PageHeader } from '../../ui';
import { useLookupEmailSettings } from './api';
import { BackupCard } from './BackupCard';
import { LookupEmailSummary } from './LookupEmailSummary';
import { Outbox } from './Outbox';
import { TestEmailSender } from './TestEmailSender';

export function SettingsPage() {
  const settings = useLookupEmailSettings();
  const me = useCurrentUser();
  const can = useCan();
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" description="The lookup e-mail sent to customers who look up a plan." />
      {settings.error ? (
        <ErrorState
          message="The settings could not be loaded."
          onRetry={() => settings.refetch()}
          error={settings.error}
        />
      ) : settings.data ? (
        <LookupEmailSummary saved={settings.data} />
      ) : (
        <LoadingState label="Loading settings…" />
      )}
      {me.data && <TestEmailSender defaultAddress={me.data.email} />}
      <Outbox />
      {can('backups.download') && <BackupCard />}
    </Stack>
  );
}
