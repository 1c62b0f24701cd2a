import { Button, Group, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import {
  BulkBar,
  DataTable,
  ExportButton,
  FIRST_PAGE,
  HashTabs,
  pageQueryProps,
  PageHeader,
  useFilterParams,
  useUrlPager,
  SearchInput,
  useRowSelection,
} from '../../ui';
import { SavedViewsMenu } from '../saved-views';
import {
  EQUIPMENT_STATE_LABELS,
  type EquipmentListQuery,
  equipmentEndpoints,
  equipmentState,
  type EquipmentState,
} from '../../../contract/equipment';
import { useCan } from '../auth';
import { useEquipmentList } from './api';
import { equipmentColumns } from './equipmentColumns';
import { useEquipmentActions } from './useEquipmentActions';
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
  const pager = useUrlPager<EquipmentListQuery['sort']>('-id');
  const list = useEquipmentList({ state, q: q || undefined, ...pager.request });
  const actions = useEquipmentActions();
  const can = useCan();

  // Many held phones arrive in one box: operations mark them received together.
  const bulk = state === 'hold' && can('devices.manage');
  const selection = useRowSelection(list.data?.rows, (e) => `IMEI ${e.imei}`);

  const columns = [
    ...(bulk ? [selection.column] : []),
    // Receiving and deleting equipment is operations' work (devices.manage); other roles read the list.
    ...equipmentColumns(can('devices.manage') ? actions : undefined),
  ];

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
          query={{ state, q: q || undefined, sort: pager.request.sort }}
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
