import { Box, Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { useCurrentUser, useSignOut } from '../features/auth';
import { deleteOutbox, useOutbox } from '../features/prospects';

/**
 * Signing out leaves nothing of the user on the phone: the pages and answers kept for offline use, and the visits
 * waiting to send, after asking when there are some (they exist nowhere else).
 */
export function SignOutButton() {
  const userId = useCurrentUser().data?.id ?? null;
  const outbox = useOutbox();
  const signOut = useSignOut(async () => {
    if (userId !== null) await deleteOutbox(userId);
  });
  const waiting = outbox.visits.length;
  const start = () => {
    if (!waiting) return signOut.mutate({});
    modals.openConfirmModal({
      title: 'Sign out and discard the waiting visits?',
      children: (
        <Text size="sm">
          {waiting === 1 ? '1 visit is' : `${waiting} visits are`} waiting to send, saved on this phone only. Signing
          out discards {waiting === 1 ? 'it' : 'them'}.
        </Text>
      ),
      labels: { confirm: 'Discard and sign out', cancel: 'Stay signed in' },
      confirmProps: { color: 'red' },
      onConfirm: () => signOut.mutate({}),
    });
  };
  return (
    // On a phone the header holds the icon alone, named for screen readers.
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconLogout size={16} />}
      loading={signOut.isPending}
      onClick={start}
      aria-label="Sign out"
    >
      <Box component="span" visibleFrom="xs">
        Sign out
      </Box>
    </Button>
  );
}
