import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCloudUpload } from '@tabler/icons-react';
import type { WaitingVisit } from './outbox';

/** How long ago a visit was saved, in the words a list of recent things uses. */
export function ageOf(savedAt: number, now: number): string {
  const minutes = Math.floor((now - savedAt) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** The time, moved on each minute so the ages stay true while the list is open. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const titleOf = (visit: WaitingVisit) =>
  visit.input.name?.trim() || visit.input.address.address?.trim() || `Visit in ZIP ${visit.input.address.zip}`;

/**
 * The visits saved on this phone and not yet on the server, oldest first, each with its age; one the server refused
 * shows why. The rep opens one into the form to fix it, or discards it.
 */
export function WaitingVisits({
  visits,
  openKey,
  onOpen,
  onDiscard,
}: {
  visits: WaitingVisit[];
  openKey: string | null;
  onOpen(visit: WaitingVisit): void;
  onDiscard(visit: WaitingVisit): void;
}) {
  const now = useMinuteClock();
  if (!visits.length) return null;
  const discard = (visit: WaitingVisit) =>
    modals.openConfirmModal({
      title: 'Discard this visit?',
      children: <Text size="sm">It was never sent: it will be lost.</Text>,
      labels: { confirm: 'Discard', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => onDiscard(visit),
    });
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="waiting-visits-title" data-testid="waiting-visits">
      <Group gap={6} wrap="nowrap" mb={4}>
        <IconCloudUpload size={18} aria-hidden />
        <Title order={2} size="h5" id="waiting-visits-title">
          Waiting to send ({visits.length})
        </Title>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        Saved on this phone. They are sent by themselves, oldest first, when the network returns.
      </Text>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {visits.map((visit) => (
          <li key={visit.key} aria-label={titleOf(visit)}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {titleOf(visit)}
                </Text>
                <Text size="xs" c="dimmed">
                  Saved {ageOf(visit.savedAt, now)}
                  {visit.accuracy !== null && ` · located within ${Math.round(visit.accuracy)} m`}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={openKey === visit.key}
                  onClick={() => onOpen(visit)}
                >
                  {openKey === visit.key ? 'In the form' : 'Open'}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => discard(visit)}>
                  Discard
                </Button>
              </Group>
            </Group>
            {visit.refusal && (
              <Alert color="red" p="xs" mt={4} role="status">
                <Text size="sm">Not sent: {visit.refusal.message}</Text>
              </Alert>
            )}
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
