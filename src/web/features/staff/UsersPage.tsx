import { useState } from 'react';
import { ActionIcon, Badge, Button, Menu, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconDots,
  IconLock,
  IconLogout,
  IconPencil,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { roleLabel } from '../../../contract/access';
import { staffEndpoints, STAFF_STATUS_LABELS, type StaffRow, type StaffStatus } from '../../../contract/staff';
import { api, endpointKey } from '../../lib/api';
import { DataTable, formatDateTime, notify, PageHeader, useConfirmAction, type Column } from '../../ui';
import { useCurrentUser } from '../auth';
import { useStaff } from './api';
import { LinkNotice, type ShownLink } from './LinkNotice';
import { RoleGuide } from './RoleGuide';
import { EditStaffForm, InviteForm } from './StaffForms';

const STATUS_COLORS: Record<StaffStatus, string> = { active: 'green', invited: 'blue', disabled: 'gray' };
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Staff accounts for Administrators: invite, change role and flags, disable, sign out, reset a password. */
export function UsersPage() {
  const staff = useStaff();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const { confirm } = useConfirmAction();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(staffEndpoints.list) });

  const actions = (u: StaffRow) => {
    const yourself = u.id === me.data?.id;
    const params = { params: { id: u.id } };
    const sendLink = () =>
      confirm({
        title: u.status === 'invited' ? 'Send a new invitation' : 'Reset password',
        message:
          u.status === 'invited'
            ? `${u.name} gets a new invitation link; the earlier one stops working.`
            : `${u.name} is signed out everywhere and gets a link to choose a new password. The current password keeps working until then.`,
        confirmLabel: u.status === 'invited' ? 'Send invitation' : 'Reset password',
        action: async () => {
          const link = await api(staffEndpoints.resetPassword, params);
          setShown({
            title: u.status === 'invited' ? `New invitation for ${u.name}` : `Password reset link for ${u.name}`,
            email: u.email,
            link,
          });
        },
        onSuccess: refresh,
        successMessage: 'Link sent.',
      });
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${u.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(u)}>
            Edit role and flags
          </Menu.Item>
          {u.status !== 'disabled' && (
            <Menu.Item leftSection={<IconLock size={14} />} onClick={sendLink}>
              {u.status === 'invited' ? 'Send a new invitation' : 'Reset password'}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconLogout size={14} />}
            onClick={() =>
              confirm({
                title: 'Sign out everywhere',
                message: yourself
                  ? 'Every other session of yours ends at once; this one stays.'
                  : `Every session of ${u.name} ends at once.`,
                confirmLabel: 'Sign out everywhere',
                action: () => api(staffEndpoints.signOutEverywhere, params),
                onSuccess: refresh,
                successMessage: `${u.name} is signed out everywhere.`,
              })
            }
          >
            Sign out everywhere
          </Menu.Item>
          {u.status === 'disabled' ? (
            <Menu.Item
              leftSection={<IconUserCheck size={14} />}
              onClick={() =>
                confirm({
                  title: 'Enable account',
                  message: `${u.name} may sign in again.`,
                  confirmLabel: 'Enable',
                  action: () => api(staffEndpoints.enable, params),
                  onSuccess: refresh,
                  successMessage: `${u.name} is enabled.`,
                })
              }
            >
              Enable
            </Menu.Item>
          ) : (
            !yourself && (
              <Menu.Item
                color="red"
                leftSection={<IconUserOff size={14} />}
                onClick={() =>
                  confirm({
                    title: 'Disable account',
                    message: `${u.name} can no longer sign in, and every open session of theirs ends at once.`,
                    confirmLabel: 'Disable',
                    danger: true,
                    action: () => api(staffEndpoints.disable, params),
                    onSuccess: refresh,
                    successMessage: `${u.name} is disabled.`,
                  })
                }
              >
                Disable
              </Menu.Item>
            )
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const columns: Column<StaffRow>[] = [
    {
      key: 'name',
      header: 'Name',
      nowrap: true,
      render: (u) => (
        <Text size="sm" fw={500}>
          {u.name}
        </Text>
      ),
    },
    { key: 'email', header: 'E-mail' },
    { key: 'role', header: 'Role', nowrap: true, render: (u) => roleLabel(u.role) },
    { key: 'isRep', header: 'Rep', render: (u) => yesNo(u.isRep) },
    { key: 'canForceCreate', header: 'Logs for others', render: (u) => yesNo(u.canForceCreate) },
    {
      key: 'lastSignInAt',
      header: 'Last sign-in',
      nowrap: true,
      render: (u) => formatDateTime(u.lastSignInAt) || 'Never',
    },
    { key: 'openSessions', header: 'Sessions', align: 'right' },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      render: (u) => (
        <Badge variant="light" color={STATUS_COLORS[u.status]} miw="max-content">
          {STAFF_STATUS_LABELS[u.status]}
        </Badge>
      ),
    },
    { key: 'actions', header: <VisuallyHidden>Actions</VisuallyHidden>, align: 'right', render: actions },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Staff"
        description="Who can sign in to the back office, and with which role."
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite
          </Button>
        }
      />
      {shown && <LinkNotice shown={shown} onClose={() => setShown(null)} />}
      <DataTable
        caption="Staff"
        columns={columns}
        rows={staff.data}
        loading={staff.isFetching}
        error={staff.error}
        onRetry={() => staff.refetch()}
        minWidth={900}
        empty="No staff accounts."
      />
      <RoleGuide />
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite a colleague" size="lg">
        <InviteForm
          onInvited={(user, link) => {
            setInviting(false);
            setShown({ title: `Invitation for ${user.name}`, email: user.email, link });
            notify.success(`${user.name} is invited.`);
            void refresh();
          }}
        />
      </Modal>
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={`Edit ${editing?.name ?? ''}`} size="lg">
        {editing && (
          <EditStaffForm
            user={editing}
            onSaved={() => {
              setEditing(null);
              notify.success('Saved.');
              void refresh();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
