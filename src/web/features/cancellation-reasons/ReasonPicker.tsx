import { useState, type Ref } from 'react';
import { Loader, Select } from '@mantine/core';
import type { CancellationReason } from '../../../contract/cancellation-reasons';
import { HttpError } from '../../lib/http';

export interface ReasonPickerProps {
  /** Names the control for screen readers, e.g. "Cancellation reason for subscription 12". */
  label: string;
  /** The recorded reason (0: none). */
  value: number;
  reasons: CancellationReason[] | undefined;
  /** Saves the choice; rejects with the server's refusal. */
  onPick(reasonId: number): Promise<void>;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The cancellation-reason picker of a table row (§2): the active reasons in their order; choosing one saves it
 * at once. The control is disabled while its save is in flight; a refusal is shown under it and the control
 * comes back, still showing the recorded reason (§8).
 */
export function ReasonPicker({ label, value, reasons, onPick, inputRef }: ReasonPickerProps) {
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const options = (reasons ?? [])
    .filter((r) => r.active || r.id === value)
    .map((r) => ({ value: String(r.id), label: r.active ? r.name : `${r.name} (retired)`, disabled: !r.active }));

  async function choose(next: string | null) {
    const reasonId = Number(next);
    if (!next || reasonId === value || pending !== null) return;
    setPending(reasonId);
    setError(null);
    try {
      await onPick(reasonId);
    } catch (err) {
      setError(err instanceof HttpError ? err.firstError : 'The reason could not be saved. Try again.');
    } finally {
      setPending(null);
    }
  }

  const saving = pending !== null;
  return (
    <Select
      ref={inputRef}
      aria-label={label}
      placeholder={reasons ? 'Choose a reason' : 'Loading reasons…'}
      data={options}
      value={saving ? String(pending) : value ? String(value) : null}
      onChange={choose}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No reason matches"
      disabled={saving || !reasons}
      rightSection={saving ? <Loader size={14} aria-label="Saving" /> : undefined}
      error={error}
      size="xs"
      miw={190}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
