import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { SETTINGS_SAVED_MESSAGE, type LookupEmailSettingsAnswer } from '../../../contract/settings';
import { paths } from '../../paths';
import { ModalLink, formatDateTime } from '../../ui';

/** What a lookup e-mail currently says, with the link that edits it in a modal. */
export function LookupEmailSummary({ saved }: { saved: LookupEmailSettingsAnswer }) {
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            Lookup e-mail
          </Title>
          <Text size="sm" c="dimmed">
            {saved.updatedAt
              ? `Last saved ${formatDateTime(saved.updatedAt)} by ${saved.updatedBy ?? 'a former user'}.`
              : 'Not saved yet: these are the defaults.'}
          </Text>
        </div>
        <ModalLink href={paths.lookupEmailSettings} title="Edit lookup e-mail" successMessage={SETTINGS_SAVED_MESSAGE}>
          <Group gap={4} component="span">
            <IconPencil size={16} aria-hidden /> Edit lookup e-mail
          </Group>
        </ModalLink>
      </Group>
      <Stack gap={6}>
        <Text size="sm" data-testid="lookup-subject">
          <b>Subject:</b> {saved.subject}
        </Text>
        <Text size="sm">
          <b>From:</b> {saved.senderName} &lt;{saved.senderEmail}&gt;
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c="dimmed" lineClamp={6}>
          {saved.body}
        </Text>
      </Stack>
    </Card>
  );
}
