import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconLock, IconLogout, IconPencil, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { staffEndpoints, type StaffRow } from '../../../contract/staff';
import { api } from '../../lib/api';
import { useConfirmAction, type ConfirmActionOptions } from '../../ui';
import type { ShownLink } from './LinkNotice';

type Confirmation = Omit<ConfirmActionOptions, 'onSuccess'>;

/** What each action on an account asks before it is carried out, and what it says once done. */
function confirmations(u: StaffRow, yourself: boolean, onLink: (shown: ShownLink) => void) {
  const params = { params: { id: u.id } };
  const invited = u.status === 'invited';
  return {
    sendLink: {
      title: invited ? 'Send a new invitation' : 'Reset password',
      message: invited
        ? `${u.name} gets a new invitation link; the earlier one stops working.`
        : `${u.name} is signed out everywhere and gets a link to choose a new password. The current password keeps working until then.`,
      confirmLabel: invited ? 'Send invitation' : 'Reset password',
      action: async () => {
        const link = await api(staffEndpoints.resetPassword, params);
        onLink({
          title: invited ? `New invitation for ${u.name}` : `Password reset link for ${u.name}`,
          email: u.email,
          link,
        });
      },
      successMessage: 'Link sent.',
    },
    signOut: {
      title: 'Sign out everywhere',
      message: yourself
        ? 'Every other session of yours ends at once; this one stays.'
        : `Every session of ${u.name} ends at once.`,
      confirmLabel: 'Sign out everywhere',
      action: () => api(staffEndpoints.signOutEverywhere, params),
      successMessage: `${u.name} is signed out everywhere.`,
    },
    enable: {
      title: 'Enable account',
      message: `${u.name} may sign in again.`,
      confirmLabel: 'Enable',
      action: () => api(staffEndpoints.enable, params),
      successMessage: `${u.name} is enabled.`,
    },
    disable: {
      title: 'Disable account',
      message: `${u.name} can no longer sign in, and every open session of theirs ends at once.`,
      confirmLabel: 'Disable',
      danger: true,
      action: () => api(staffEndpoints.disable, params),
      successMessage: `${u.name} is disabled.`,
    },
  } satisfies Record<string, Confirmation>;
}

interface StaffActionsProps {
  user: StaffRow;
  /** The signed-in user's own account: it cannot be disabled, and signing out spares this session. */
  yourself: boolean;
  onEdit(): void;
  onLink(shown: ShownLink): void;
  onChanged(): unknown;
}

/** The menu of actions on one staff account: edit, send a link, sign out everywhere, enable or disable. */
export function StaffActions({ user: u, yourself, onEdit, onLink, onChanged }: StaffActionsProps) {
  const { confirm } = useConfirmAction();
  const ask = confirmations(u, yourself, onLink);
  const run = (confirmation: Confirmation) => () => void confirm({ ...confirmation, onSuccess: onChanged });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${u.name}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
          Edit role and flags
        </Menu.Item>
        {u.status !== 'disabled' && (
          <Menu.Item leftSection={<IconLock size={14} />} onClick={run(ask.sendLink)}>
            {u.status === 'invited' ? 'Send a new invitation' : 'Reset password'}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={run(ask.signOut)}>
          Sign out everywhere
        </Menu.Item>
        {u.status === 'disabled' ? (
          <Menu.Item leftSection={<IconUserCheck size={14} />} onClick={run(ask.enable)}>
            Enable
          </Menu.Item>
        ) : (
          !yourself && (
            <Menu.Item color="red" leftSection={<IconUserOff size={14} />} onClick={run(ask.disable)}>
              Disable
            </Menu.Item>
          )
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
