import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconInbox, IconRefresh } from '@tabler/icons-react';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

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

export function ErrorState({
  message = 'This could not be loaded.',
  onRetry,
}: {
  message?: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" my="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
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
