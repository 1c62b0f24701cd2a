import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Input, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import './results-combobox.css';

export interface ResultOption {
  /** Unique among all the options shown. */
  key: string;
  label: string;
  description?: string;
  icon: ReactNode;
  onChoose(): void;
}

export interface ResultGroup {
  label: string;
  options: ResultOption[];
}

interface ResultsComboboxProps {
  label: string;
  placeholder: string;
  query: string;
  onQueryChange(query: string): void;
  groups: ResultGroup[];
  /** What the list says when it has no option: still searching, nothing found, or why the text cannot match. */
  empty: string;
}

/** The active option: the one the user moved to while it is shown, else the first; typing starts again from it. */
function useActiveOption(options: ResultOption[]) {
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const found = options.findIndex((o) => o.key === chosenKey);
  const activeIndex = options.length ? Math.max(found, 0) : -1;
  return {
    activeIndex,
    choose: (index: number) => setChosenKey(options[index]?.key ?? null),
    move: (by: number) => setChosenKey(options[(activeIndex + by + options.length) % options.length]?.key ?? null),
    reset: () => setChosenKey(null),
  };
}

/**
 * A search field with its results, as the WAI-ARIA combobox pattern has it: the field is a combobox controlling a
 * listbox of options (in labelled groups); the first option is active as soon as results appear, ↓ and ↑ move
 * through them (round the ends), Enter chooses the active one, a click chooses any. Focus stays in the field: the
 * active option is its aria-activedescendant, and the number of results is announced as they change.
 */
export function ResultsCombobox({ label, placeholder, query, onQueryChange, groups, empty }: ResultsComboboxProps) {
  const listId = useId();
  const options = groups.flatMap((g) => g.options);
  const { activeIndex, choose, move, reset } = useActiveOption(options);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that finish composing an accented or CJK character are the input method's.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      options[activeIndex]!.onChoose();
    }
  };

  return (
    <>
      <Input
        size="lg"
        classNames={{ input: 'results-combobox-input' }}
        leftSection={<IconSearch size={18} stroke={1.6} />}
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          reset();
          onQueryChange(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={options.length ? listId : undefined}
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
      />
      {/* One live region, always there so each change is announced: the count of results beside the list, hidden
          from sight, or in its place the reason there is none. */}
      <Text role="status" className={options.length ? 'results-combobox-count' : 'results-combobox-empty'}>
        {options.length ? `${options.length} ${options.length === 1 ? 'result' : 'results'}` : empty}
      </Text>
      {options.length > 0 && (
        <ResultList
          id={listId}
          label={label}
          groups={groups}
          optionId={optionId}
          active={activeIndex}
          onHover={choose}
        />
      )}
    </>
  );
}

interface ResultListProps {
  id: string;
  label: string;
  groups: ResultGroup[];
  optionId(index: number): string;
  /** The index of the active option among all of them. */
  active: number;
  onHover(index: number): void;
}

/** The listbox: each group of options under its name, the active option marked as selected. */
function ResultList({ id, label, groups, optionId, active, onHover }: ResultListProps) {
  // Each group with the index of its first option among all of them.
  const shown = groups
    .filter((g) => g.options.length)
    .map((group, i, all) => ({ ...group, start: all.slice(0, i).reduce((n, g) => n + g.options.length, 0) }));
  return (
    <div className="results-combobox-list" role="listbox" id={id} aria-label={label}>
      {shown.map((group) => (
        <div key={group.label} role="group" aria-label={group.label}>
          <div className="results-combobox-group" aria-hidden>
            {group.label}
          </div>
          {group.options.map((option, i) => {
            const at = group.start + i;
            return (
              <div
                key={option.key}
                id={optionId(at)}
                role="option"
                aria-selected={at === active}
                className="results-combobox-option"
                // The field keeps the focus; the pointer makes an option active as it moves over it.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => at !== active && onHover(at)}
                onClick={option.onChoose}
              >
                <span className="results-combobox-icon" aria-hidden>
                  {option.icon}
                </span>
                <span className="results-combobox-text">
                  <span>{option.label}</span>
                  {option.description && <span className="results-combobox-description">{option.description}</span>}
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
