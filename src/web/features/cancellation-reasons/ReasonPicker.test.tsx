import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CancellationReason } from '../../../contract/cancellation-reasons';
import { HttpError } from '../../lib/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ReasonPicker } from './ReasonPicker';

const reasons: CancellationReason[] = [
  { id: 7, name: 'Too Expensive', position: 2, active: true, inUse: true },
  { id: 3, name: 'Moved Away', position: 1, active: true, inUse: false },
  { id: 9, name: 'Promotion Ended', position: 3, active: false, inUse: true },
].sort((a, b) => a.position - b.position);

const label = 'Cancellation reason for subscription 12';
// In happy-dom Mantine's dropdown never finishes its opening transition, so options count as hidden here;
// the e2e journeys pick them in a real browser.

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ReasonPicker', () => {
  it('offers the active reasons in their order, leaving retired ones out', async () => {
    renderWithProviders(<ReasonPicker label={label} value={0} reasons={reasons} onPick={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox', { name: label }));
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Moved Away',
      'Too Expensive',
    ]);
  });

  it('saves the chosen reason at once and is disabled while saving', async () => {
    const save = deferred();
    const onPick = vi.fn(() => save.promise);
    renderWithProviders(<ReasonPicker label={label} value={0} reasons={reasons} onPick={onPick} />);
    await userEvent.click(screen.getByRole('combobox', { name: label }));
    await userEvent.click(await screen.findByRole('option', { name: 'Too Expensive', hidden: true }));
    expect(onPick).toHaveBeenCalledWith(7);
    await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toBeDisabled());
    save.resolve();
    await waitFor(() => expect(screen.getByRole('combobox', { name: label })).toBeEnabled());
  });

  it('shows a refusal under the control, gives the control back and keeps the recorded reason', async () => {
    const refusal = new HttpError(422, 'The selected cancellation reason has been retired. Choose another reason.', {
      cancellation_reason_id: ['The selected cancellation reason has been retired. Choose another reason.'],
    });
    renderWithProviders(
      <ReasonPicker label={label} value={0} reasons={reasons} onPick={() => Promise.reject(refusal)} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: label }));
    await userEvent.click(await screen.findByRole('option', { name: 'Moved Away', hidden: true }));
    expect(
      await screen.findByText('The selected cancellation reason has been retired. Choose another reason.'),
    ).toBeInTheDocument();
    // The control is given back and cleared in the render after the message: wait for it as a user would.
    const control = screen.getByRole('combobox', { name: label });
    await waitFor(() => expect(control).toBeEnabled());
    await waitFor(() => expect(control).toHaveValue(''));
  });

  it('shows a retired reason already recorded, without offering it for new choices', async () => {
    renderWithProviders(<ReasonPicker label={label} value={9} reasons={reasons} onPick={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: label })).toHaveValue('Promotion Ended (retired)');
  });
});
