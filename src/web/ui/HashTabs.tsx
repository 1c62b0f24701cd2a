import type { ReactNode } from 'react';
import { Tabs, type TabsProps } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

export interface HashTab {
  /** Also the URL hash (`#history`), so use a short slug. */
  value: string;
  label: ReactNode;
  panel: ReactNode;
}

export interface HashTabsProps extends Omit<TabsProps, 'value' | 'onChange' | 'children' | 'defaultValue'> {
  tabs: HashTab[];
  /** The tab shown when the hash names none; defaults to the first. */
  defaultValue?: string;
  /** Query parameters that belong to one tab (its page of a list): dropped when another tab is chosen. */
  clearOnChange?: string[];
}

/** Tabs whose selection lives in the URL hash: restored on load, on back/forward, and shareable as a link. */
export function HashTabs({ tabs, defaultValue, clearOnChange = [], ...rest }: HashTabsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = decodeURIComponent(location.hash.replace(/^#/, ''));
  const active = tabs.some((t) => t.value === fromHash) ? fromHash : (defaultValue ?? tabs[0]?.value ?? null);

  return (
    <Tabs
      keepMounted={false}
      {...rest}
      value={active}
      onChange={(value) => {
        if (!value) return;
        const search = new URLSearchParams(location.search);
        for (const name of clearOnChange) search.delete(name);
        void navigate({ hash: `#${encodeURIComponent(value)}`, search: search.toString() }, { replace: true });
      }}
    >
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
