import { useState } from 'react';
import { getDefaultZIndex, Modal } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { NavEntry } from '../../app/feature';
import { commandPalette, usePaletteOpened } from './palette-opened';
import { ResultsCombobox } from './ResultsCombobox';
import { usePaletteResults } from './usePaletteResults';

const LABEL = 'Search everywhere';

/**
 * Search everywhere, opened with Ctrl+K, ⌘K or / (outside a field) or the header's Search button: a combobox of
 * pages, actions and records (usePaletteResults) whose first result is active as results appear, so Enter opens
 * it; ↓ and ↑ move. The text is cleared once it has closed.
 */
export function CommandPalette({ nav, actions }: { nav: NavEntry[]; actions: NavEntry[] }) {
  const opened = usePaletteOpened();
  const [query, setQuery] = useState('');
  const { groups, empty } = usePaletteResults(query, { nav, actions }, opened);
  useHotkeys([
    ['mod+K', commandPalette.open],
    ['/', commandPalette.open],
  ]);

  return (
    <Modal.Root
      opened={opened}
      onClose={commandPalette.close}
      size={600}
      yOffset={80}
      // Above everything a page draws, a map's panes and controls included (Leaflet's reach 1000).
      zIndex={getDefaultZIndex('max')}
      onExitTransitionEnd={() => setQuery('')}
    >
      <Modal.Overlay backgroundOpacity={0.35} blur={7} />
      <Modal.Content aria-label={LABEL}>
        <ResultsCombobox
          label={LABEL}
          placeholder="Search pages, customers, devices, subscriptions…"
          query={query}
          onQueryChange={setQuery}
          groups={groups}
          empty={empty}
        />
      </Modal.Content>
    </Modal.Root>
  );
}
