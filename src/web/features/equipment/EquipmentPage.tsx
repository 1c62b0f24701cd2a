import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  BulkBar,
  DataTable,
  ExportButton,
  FIRST_PAGE,
  formatDate,
  HashTabs,
  pageQueryProps,
  PageHeader,
  useFilterParams,
  useUrlPager,
  SearchInput,
  useRowSelection,
  type Column,
} from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import { href, paths } from '../../paths';
import {
  EQUIPMENT_STATE_LABELS,
  equipmentEndpoints,
  equipmentState,
  type EquipmentRow,
  type EquipmentState,
} from '../../../contract/equipment';
import { PermittedLink, useCan } from '../auth';
import { CustomerLink } from '../devices';
import { useEquipmentList } from './api';
import { useEquipmentActions } from './useEquipmentActions';

const PER_PAGE = 25;
/** Phones outside devices, one state per tab (kept in the URL hash, §2): hold, unbuilt, returning, blacklist hold, inventory. */
export function EquipmentPage() {
  return (
    <Stack>
      <PageHeader
        title="Equipment"
        description="Phones taken out of devices, by where they are now."
        actions={<SavedViewsMenu list="equipment" />}
      />
      <HashTabs
        tabs={equipmentState.options.map((state) => ({
          value: state,
          label: EQUIPMENT_STATE_LABELS[state],
          panel: <EquipmentInState state={state} />,
        }))}
        clearOnChange={Object.keys(FIRST_PAGE)}
        styles={{ list: { flexWrap: 'wrap' } }}
      />
    </Stack>
  );
}

function EquipmentInState({ state }: { state: EquipmentState }) {
  const params = useFilterParams();
  const q = params.get('q');
  const pager = useUrlPager();
  const list = useEquipmentList({ state, q: q || undefined, ...pager.request, perPage: PER_PAGE });
  const actions = useEquipmentActions();
  const can = useCan();

  // Many held phones arrive in one box: operations mark them received together.
  const bulk = state === 'hold' && can('devices.manage');
  const selection = useRowSelection(list.data?.rows, (e) => `IMEI ${e.imei}`);

  const columns: Column<EquipmentRow>[] = [
    ...(bulk ? [selection.column] : []),
    {
      key: 'imei',
      header: 'IMEI',
      render: (e) => (
        <Anchor component={Link} to={href(paths.equipmentItem, { id: e.id })} fw={600}>
          {e.imei}
        </Anchor>
      ),
    },
    { key: 'model', header: 'Model', render: (e) => e.product?.model ?? '—' },
    {
      key: 'device',
      header: 'From device',
      render: (e) =>
        e.fromDeviceId === null ? (
          '—'
        ) : e.fromDeviceExists ? (
          <PermittedLink permission="devices.view" to={href(paths.device, { id: e.fromDeviceId })}>
            {e.fromDeviceId}
          </PermittedLink>
        ) : (
          <Text size="sm" c="dimmed" title="This device was deleted">
            {e.fromDeviceId} (deleted)
          </Text>
        ),
    },
    {
      key: 'customer',
      header: 'Customer',
      render: (e) => <CustomerLink customer={e.customer} />,
    },
    { key: 'updatedAt', header: 'Since', render: (e) => formatDate(e.updatedAt) },
  ];
  // Receiving and deleting equipment is operations' work (devices.manage); other roles read the list.
  if (can('devices.manage'))
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (e) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {e.state === 'hold' && (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCircleCheck size={14} />}
              onClick={() => actions.received(e)}
              aria-label={`Mark as Received: IMEI ${e.imei}`}
            >
              Mark as Received
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove(e)}
            aria-label={`Delete Equipment: IMEI ${e.imei}`}
          >
            Delete Equipment
          </Button>
        </Group>
      ),
    });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          label="Search by IMEI"
          placeholder="Whole IMEI"
          value={q}
          onChange={(value) => params.set({ q: value.trim() })}
          maw={360}
        />
        <ExportButton
          endpoint={equipmentEndpoints.export}
          query={{ state, q: q || undefined }}
          total={list.data?.total}
          estimated={list.data?.estimated}
        />
      </Group>
      {bulk && (
        <BulkBar count={selection.selected.length} onClear={() => selection.keep()}>
          <Button
            size="xs"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => void actions.receivedMany(selection.selected, selection.keep)}
          >
            Mark as Received
          </Button>
        </BulkBar>
      )}
      <DataTable
        caption={`${EQUIPMENT_STATE_LABELS[state]} equipment`}
        columns={columns}
        {...pageQueryProps(list)}
        {...pager.props}
        perPage={PER_PAGE}
        empty={
          q
            ? `No ${EQUIPMENT_STATE_LABELS[state].toLowerCase()} equipment matches this IMEI.`
            : `No equipment in ${EQUIPMENT_STATE_LABELS[state]}.`
        }
        minWidth={820}
      />
    </Stack>
  );
}
