import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBookmark, IconBookmarkPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import type { SavedViewList } from '../../../contract/saved-views';
import { HttpError } from '../../lib/http';
import { useRemoveView, useSavedViews, useSaveView } from './api';

/** Paging is where one was in a list, not part of what one looks at: a view leaves it out. */
const PAGING = ['page', 'after', 'exact'];

function currentSearch(search: string, hash: string): string {
  const params = new URLSearchParams(search);
  for (const name of PAGING) params.delete(name);
  const query = params.toString();
  return `${query ? `?${query}` : ''}${hash}`;
}

function SaveViewForm({ list, search, onDone }: { list: SavedViewList; search: string; onDone(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveView();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { body: { list, name, search } },
          {
            onSuccess: onDone,
            onError: (err) => setError(err instanceof HttpError ? err.firstError : 'The view could not be saved.'),
          },
        );
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          description="Saving an existing name replaces its filters."
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={60}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save view
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The list's views, each with a button that deletes it. */
function DeleteViews({ list }: { list: SavedViewList }) {
  const views = useSavedViews(list);
  const remove = useRemoveView();
  if (!views.data?.length)
    return (
      <Text size="sm" c="dimmed">
        No saved views left.
      </Text>
    );
  return (
    <Stack gap="xs">
      {views.data.map((view) => (
        <Group key={view.id} justify="space-between" wrap="nowrap">
          <Text size="sm">{view.name}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete view ${view.name}`}
            loading={remove.isPending && remove.variables?.params.id === view.id}
            onClick={() => remove.mutate({ params: { id: view.id } })}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** A list's saved views: open one, save the filters shown now under a name, delete one. */
export function SavedViewsMenu({ list }: { list: SavedViewList }) {
  const views = useSavedViews(list);
  const location = useLocation();
  const navigate = useNavigate();
  const search = currentSearch(location.search, location.hash);

  const openSave = () => {
    const id = modals.open({
      title: 'Save this view',
      children: <SaveViewForm list={list} search={search} onDone={() => modals.close(id)} />,
    });
  };

  const openManage = () => modals.open({ title: 'Delete views', children: <DeleteViews list={list} /> });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconBookmark size={16} />}>
          Views
        </Button>
      </Menu.Target>
      <Menu.Dropdown miw={240}>
        {views.data?.length ? (
          views.data.map((view) => (
            <Menu.Item key={view.id} onClick={() => void navigate(`${location.pathname}${view.search}`)}>
              {view.name}
            </Menu.Item>
          ))
        ) : (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            No saved views yet.
          </Text>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconBookmarkPlus size={16} />} onClick={openSave}>
          Save this view…
        </Menu.Item>
        {!!views.data?.length && (
          <Menu.Item leftSection={<IconTrash size={16} />} onClick={openManage}>
            Delete views…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
