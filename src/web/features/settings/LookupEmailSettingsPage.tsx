import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { ErrorState, LoadingState, PageHeader, currentView } from '../../ui';
import { useLookupEmailSettings } from './api';
import { LookupEmailSettingsForm } from './LookupEmailSettingsForm';

/** The lookup e-mail form on its own page, opened from the settings page in a modal (or full page on phones). */
export function LookupEmailSettingsPage() {
  const settings = useLookupEmailSettings();
  return (
    <Stack>
      <PageHeader
        title="Edit lookup e-mail"
        actions={
          currentView() === 'modal' ? undefined : (
            <Anchor component={Link} to={paths.settings} size="sm">
              Back to settings
            </Anchor>
          )
        }
      />
      {settings.error ? (
        <ErrorState
          message="The settings could not be loaded."
          onRetry={() => settings.refetch()}
          error={settings.error}
        />
      ) : settings.data ? (
        <LookupEmailSettingsForm key={settings.data.updatedAt ?? 'defaults'} saved={settings.data} />
      ) : (
        <LoadingState label="Loading settings…" />
      )}
    </Stack>
  );
}
