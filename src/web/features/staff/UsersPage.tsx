import { useState } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconUserPlus } from '@tabler/icons-react';
import { roleLabel } from '../../../contract/access';
import { staffEndpoints, STAFF_STATUS_LABELS, type StaffRow, type StaffStatus } from '../../../contract/staff';
import { endpointKey } from '../../lib/api';
import { DataTable, formatDateTime, notify, PageHeader, type Column } from '../../ui';
import { useCurrentUser } from '../auth';
import { useStaff } from './api';
import { LinkNotice, type ShownLink } from './LinkNotice';
import { RoleGuide } from './RoleGuide';
import { StaffActions } from './StaffActions';
import { sortStaff, useStaffSort } from './staffOrder';
import { EditStaffForm, InviteForm } from './StaffForms';

const STATUS_COLORS: Record<StaffStatus, string> = { active: 'green', invited: 'blue', disabled: 'gray' };
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The accounts' columns; the last holds each account's menu of actions. */
function staffColumns(actions: (u: StaffRow) => ReactNode): Column<StaffRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      nowrap: true,
      sortable: 'asc',
      render: (u) => (
        <Text size="sm" fw={500}>
          {u.name}
        </Text>
      ),
    },
    { key: 'email', header: 'E-mail', sortable: 'asc' },
    { key: 'role', header: 'Role', nowrap: true, sortable: 'asc', render: (u) => roleLabel(u.role) },
    { key: 'isRep', header: 'Rep', render: (u) => yesNo(u.isRep) },
    { key: 'canForceCreate', header: 'Logs for others', render: (u) => yesNo(u.canForceCreate) },
    {
      key: 'lastSignInAt',
      header: 'Last sign-in',
      nowrap: true,
      // The latest sign-ins are what one looks for.
      sortable: 'desc',
      render: (u) => formatDateTime(u.lastSignInAt) || 'Never',
    },
    { key: 'openSessions', header: 'Sessions', align: 'right' },
    {
      key: 'status',
      header: 'Status',
      nowrap: true,
      sortable: 'asc',
      render: (u) => (
        <Badge variant="light" color={STATUS_COLORS[u.status]} miw="max-content">
          {STAFF_STATUS_LABELS[u.status]}
        </Badge>
      ),
    },
    { key: 'actions', header: <VisuallyHidden>Actions</VisuallyHidden>, align: 'right', render: actions },
  ];
}

/** Staff accounts for Administrators: invite, change role and flags, disable, sign out, reset a password. */
export function UsersPage() {
  const staff = useStaff();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffRow | null>(null);
  const [shown, setShown] = useState<ShownLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(staffEndpoints.list) });

  const actions = (u: StaffRow) => (
    <StaffActions
      user={u}
      yourself={u.id === me.data?.id}
      onEdit={() => setEditing(u)}
      onLink={setShown}
      onChanged={refresh}
    />
  );

  const { sort, onSortChange } = useStaffSort();
  const columns = staffColumns(actions);

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
        rows={staff.data && sortStaff(staff.data, sort)}
        sort={sort}
        onSortChange={onSortChange}
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
