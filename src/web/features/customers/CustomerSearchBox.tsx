import { useEffect, useId, useRef, useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { CustomerSearchResult } from '../../../contract/customers';
import { useCustomerSearch } from './useCustomerSearch';

export interface CustomerSearchBoxProps {
  /** Name of the hidden input carrying the chosen id (§2: customer_id). */
  name?: string;
  value: CustomerSearchResult | null;
  onChange(value: CustomerSearchResult | null): void;
  label?: string;
  error?: string;
  required?: boolean;
  /** Milliseconds of quiet typing before a search is sent. */
  delay?: number;
}

/**
 * The customer search box of §2: 3 or more characters search by name, id, phone or e-mail; every keystroke
 * clears the list first; choosing fills the text with the name and shows a green line with name and id.
 */
export function CustomerSearchBox({
  name = 'customer_id',
  value,
  onChange,
  label = 'Customer',
  error,
  required,
  delay = 250,
}: CustomerSearchBoxProps) {
  const [text, setText] = useState(value?.name ?? '');
  const { options, loading, listOpen, setListOpen, search, clear } = useCustomerSearch(delay);
  const combobox = useCombobox({
    opened: listOpen && options !== null,
    onOpenedChange: setListOpen,
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const emitted = useRef(value);
  const selectedId = useId();

  // A value set from outside (a form reset, a prefilled record) shows its name; our own choices are already shown.
  useEffect(() => {
    if (value?.id === emitted.current?.id) return;
    emitted.current = value;
    setText(value?.name ?? '');
  }, [value]);

  // The first match is highlighted as soon as the list shows, so Enter picks it.
  useEffect(() => {
    if (combobox.dropdownOpened && options?.length) combobox.selectFirstOption();
  }, [combobox, options]);

  const choose = (customer: CustomerSearchResult | null) => {
    emitted.current = customer;
    onChange(customer);
  };

  const type = (next: string) => {
    setText(next);
    search(next);
    if (value) choose(null);
  };

  const submit = (id: string) => {
    const customer = options?.find((o) => String(o.id) === id);
    if (!customer) return;
    setText(customer.name);
    clear();
    choose(customer);
  };

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={submit} withinPortal={false} hideDetached={false}>
        <Combobox.Target withExpandedAttribute autoComplete="off">
          <TextInput
            label={label}
            required={required}
            error={error}
            placeholder="Start typing name or customer ID"
            value={text}
            aria-describedby={value ? selectedId : undefined}
            rightSection={loading ? <Loader size="xs" aria-label="Searching customers" /> : null}
            onChange={(e) => type(e.currentTarget.value)}
            onFocus={() => setListOpen(true)}
            onBlur={() => setListOpen(false)}
          />
        </Combobox.Target>
        <CustomerOptions options={options} />
      </Combobox>
      <input type="hidden" name={name} value={value?.id ?? ''} />
      {value && (
        <Text id={selectedId} c="green.8" size="sm" mt={4} role="status">
          <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom' }} aria-hidden /> {value.name} (ID {value.id}
          )
        </Text>
      )}
    </div>
  );
}

/** The matches, each with its id; hidden until a search has answered. */
function CustomerOptions({ options }: { options: CustomerSearchResult[] | null }) {
  return (
    <Combobox.Dropdown hidden={options === null}>
      <Combobox.Options aria-label="Matching customers">
        {options?.length === 0 && <Combobox.Empty>No customers found</Combobox.Empty>}
        {options?.map((o) => (
          <Combobox.Option value={String(o.id)} key={o.id}>
            {o.name}{' '}
            <Text span c="dimmed" size="sm">
              #{o.id}
            </Text>
          </Combobox.Option>
        ))}
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}
