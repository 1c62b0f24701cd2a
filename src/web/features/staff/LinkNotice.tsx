import { Alert, Button, CloseButton, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconLink } from '@tabler/icons-react';
import type { PasswordLink } from '../../../contract/staff';
import { formatDateTime } from '../../ui';

export interface ShownLink {
  title: string;
  email: string;
  link: PasswordLink;
}

/** A one-time link, shown once after it was made: the server keeps only its digest, so it cannot be shown again. */
export function LinkNotice({ shown, onClose }: { shown: ShownLink; onClose(): void }) {
  const { link, email } = shown;
  return (
    <Alert color={link.mailed ? 'blue' : 'orange'} icon={<IconLink />} title={shown.title} role="status">
      <Stack gap="xs">
        <Text size="sm">
          {link.mailed
            ? `The link was e-mailed to ${email}. You can also pass it on yourself: it is shown only now.`
            : `The e-mail to ${email} could not be sent. Pass the link on yourself: it is shown only now.`}{' '}
          It works once, until {formatDateTime(link.expiresAt)}.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="One-time link"
            value={link.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={link.url}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <CloseButton aria-label="Hide the link" onClick={onClose} mb={4} />
        </Group>
      </Stack>
    </Alert>
  );
}
