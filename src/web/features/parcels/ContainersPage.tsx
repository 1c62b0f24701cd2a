import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { parcelEndpoints, type Container, type ContainerBody } from '../../../contract/parcels';
import {
  DataTable,
  Form,
  notify,
  PageHeader,
  SubmitButton,
  useConfirmAction,
  useFieldProps,
  useForm,
  type Column,
  type FormState,
} from '../../ui';
import { useUndoToast } from '../audit';
import { useApiMutation } from '../../lib/data';
import { useCan } from '../auth';
import { useContainers } from './api';
import { DimensionInput } from './DimensionInput';

const blank: ContainerBody = { name: '', length: '', width: '', height: '' };

function Dimension({
  form,
  field,
  label,
}: {
  form: FormState<ContainerBody>;
  field: 'length' | 'width' | 'height';
  label: string;
}) {
  return <DimensionInput unit="in" {...useFieldProps(form, field, { label, required: true })} />;
}

/** Adds a container, or edits the one given; weight is not part of a container (§3). */
function ContainerForm({ editing, onDone }: { editing: Container | null; onDone(): void }) {
  const form = useForm<ContainerBody>(
    editing ? { name: editing.name, length: editing.length, width: editing.width, height: editing.height } : blank,
  );
  const undoable = useUndoToast();
  const saved = {
    onSuccess: () => {
      if (editing) undoable('Container saved.', { entityType: 'container', entityId: editing.id });
      else notify.success('Container added.');
      onDone();
    },
  };
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        {editing ? `Edit ${editing.name}` : 'Add a container'}
      </Title>
      <Form
        form={form}
        onSubmit={() =>
          editing
            ? form.submit(parcelEndpoints.updateContainer, { params: { id: editing.id } }, saved)
            : form.submit(parcelEndpoints.createContainer, {}, saved)
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <TextInput {...useFieldProps(form, 'name', { label: 'Name', required: true })} maxLength={80} />
          <Dimension form={form} field="length" label="Length" />
          <Dimension form={form} field="width" label="Width" />
          <Dimension form={form} field="height" label="Height" />
        </SimpleGrid>
        <Group>
          <SubmitButton />
          {editing && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
        </Group>
      </Form>
    </Card>
  );
}

export function ContainersPage() {
  const containers = useContainers();
  const { confirm } = useConfirmAction();
  const [editing, setEditing] = useState<Container | null>(null);
  const can = useCan();
  // Other roles read the containers; adding, editing and deleting them is parcels.manage.
  const manages = can('parcels.manage');
  const remove = useApiMutation(parcelEndpoints.deleteContainer, {
    // The confirmation dialog shows a refusal.
    toastErrors: false,
    // The form must not go on editing a container that is gone.
    onSuccess: (_none, { params }) => setEditing((current) => (current?.id === params.id ? null : current)),
  });

  const columns: Column<Container>[] = [
    { key: 'name', header: 'Name' },
    { key: 'size', header: 'L × W × H (in)', nowrap: true, render: (c) => `${c.length} × ${c.width} × ${c.height}` },
  ];
  if (manages)
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(c)}
            aria-label={`Edit ${c.name}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            aria-label={`Delete ${c.name}`}
            onClick={() =>
              confirm({
                title: 'Delete container',
                message: `Delete the container ${c.name}? Parcels entered with it keep their dimensions.`,
                confirmLabel: 'Delete',
                danger: true,
                action: () => remove.mutateAsync({ params: { id: c.id } }),
                successMessage: 'Container deleted.',
              })
            }
          >
            Delete
          </Button>
        </Group>
      ),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Parcel containers"
        description="Predefined boxes: choosing one on a parcel fills in its length, width and height."
      />
      {manages && <ContainerForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />}
      <DataTable
        caption="Containers"
        columns={columns}
        rows={containers.data}
        loading={containers.isFetching}
        error={containers.error}
        onRetry={() => containers.refetch()}
        minWidth={420}
        empty="No containers yet."
      />
    </Stack>
  );
}
