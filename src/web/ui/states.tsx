import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox, IconLock, IconRefresh } from '@tabler/icons-react';
import { HttpError, referenceNote } from '../lib/http';

// Apart, so the router's page fallback brings no alert, button or icon code into the first download.
export { LoadingState } from './LoadingState';

export function EmptyState({ children = 'Nothing to show yet.' }: { children?: ReactNode }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4}>
        <IconInbox size={32} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
        <Text c="dimmed" size="sm" ta="center">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}

/** Whether a load was refused because the user's role lacks the permission (403): retrying cannot help. */
export function isForbidden(error: unknown): boolean {
  return error instanceof HttpError && error.status === 403;
}

/** What a page shows to a user whose role may not open it: a plain statement, nothing to retry. */
export function ForbiddenState() {
  return (
    <Alert color="gray" icon={<IconLock />} role="alert" my="md">
      <Text size="sm">You do not have permission to see this page.</Text>
    </Alert>
  );
}

/**
 * A load that failed, with a retry. Given the `error`, a refusal for the user's role shows `ForbiddenState`
 * instead, so every page says so the same way whatever its own message would have been, and a server error's
 * reference is shown for the user to quote (unless the message already holds it).
 */
export function ErrorState({
  message = 'This could not be loaded.',
  onRetry,
  error,
}: {
  message?: ReactNode;
  onRetry?: () => void;
  error?: unknown;
}) {
  if (isForbidden(error)) return <ForbiddenState />;
  const reference = error instanceof HttpError ? error.reference : null;
  const quoted = reference && typeof message === 'string' && message.includes(reference);
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" my="md">
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text size="sm">{message}</Text>
          {reference && !quoted && <Text size="sm">{referenceNote(reference)}</Text>}
        </Stack>
        {onRetry && (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
