import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CustomerSearchBox } from './CustomerSearchBox';
import type { CustomerSearchResult } from '../../../contract/customers';

interface Pending {
  q: string;
  answer(rows: CustomerSearchResult[]): void;
}

/** A fetch whose answers the test releases one by one, in any order; aborting rejects like a browser does. */
function controllableFetch() {
  const pending: Pending[] = [];
  const fetchStub = vi.fn((url: string, init: RequestInit) => {
    const q = new URL(url, 'http://localhost').searchParams.get('q') ?? '';
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      pending.push({ q, answer: (rows) => resolve(new Response(JSON.stringify(rows), { status: 200 })) });
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, pending };
}

function Harness({ onChange = () => {} }: { onChange?: (v: CustomerSearchResult | null) => void }) {
  const [value, setValue] = useState<CustomerSearchResult | null>(null);
  return (
    <form aria-label="Pick">
      <CustomerSearchBox
        delay={10}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Customer' });
const hidden = () => document.querySelector<HTMLInputElement>('input[type=hidden][name=customer_id]')!;
const smiths = [
  { id: 11, name: 'Ann Smith' },
  { id: 12, name: 'Bob Smith' },
];

afterEach(() => vi.unstubAllGlobals());

describe('CustomerSearchBox', () => {
  it('shows the placeholder and sends no request for fewer than 3 characters', async () => {
    const { fetchStub } = controllableFetch();
    renderWithProviders(<Harness />);
    expect(input()).toHaveAttribute('placeholder', 'Start typing name or customer ID');
    await userEvent.type(input(), 'sm');
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('searches after 3 characters and lists the matches', async () => {
    const { fetchStub, pending } = controllableFetch();
    renderWithProviders(<Harness />);
    await userEvent.type(input(), 'smi');
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(fetchStub.mock.calls[0]![0]).toBe('/admin/api/customers/search?q=smi');
    act(() => pending[0]!.answer(smiths));
    expect(await screen.findByRole('option', { name: /Ann Smith/ })).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'true');
  });

  it('fills the name, shows a green line with name and id, sets customer_id and clears the list on choosing', async () => {
    const onChange = vi.fn();
    const { pending } = controllableFetch();
    renderWithProviders(<Harness onChange={onChange} />);
    await userEvent.type(input(), 'smi');
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.answer(smiths));
    await userEvent.click(await screen.findByRole('option', { name: /Bob Smith/ }));
    expect(input()).toHaveValue('Bob Smith');
    expect(screen.getByRole('status')).toHaveTextContent('Bob Smith (ID 12)');
    expect(hidden()).toHaveValue('12');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ id: 12, name: 'Bob Smith' });
  });

  it('clears the list at the next keystroke, before any answer, and forgets a chosen customer', async () => {
    const { pending } = controllableFetch();
    renderWithProviders(<Harness />);
    await userEvent.type(input(), 'smi');
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.answer(smiths));
    await userEvent.click(await screen.findByRole('option', { name: /Ann Smith/ }));
    await userEvent.type(input(), 'x');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(hidden()).toHaveValue('');
  });

  it('never lets a late answer overwrite a newer one', async () => {
    const { pending } = controllableFetch();
    renderWithProviders(<Harness />);
    await userEvent.type(input(), 'smi');
    await waitFor(() => expect(pending).toHaveLength(1));
    await userEvent.type(input(), 't');
    await waitFor(() => expect(pending).toHaveLength(2));
    act(() => pending[1]!.answer([{ id: 13, name: 'Cy Smith' }]));
    expect(await screen.findByRole('option', { name: /Cy Smith/ })).toBeInTheDocument();
    act(() => pending[0]!.answer(smiths));
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('option', { name: /Ann Smith/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('waits for typing to pause before searching', async () => {
    const { fetchStub } = controllableFetch();
    renderWithProviders(<Harness />);
    // Keystrokes fired back to back: on a busy machine real typing can be slower than the debounce.
    for (const text of ['s', 'sm', 'smi', 'smit', 'smith']) fireEvent.change(input(), { target: { value: text } });
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    expect(fetchStub.mock.calls[0]![0]).toBe('/admin/api/customers/search?q=smith');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('chooses with the arrow keys and Enter, and closes the list with Escape', async () => {
    const { pending } = controllableFetch();
    renderWithProviders(<Harness />);
    await userEvent.type(input(), 'smi');
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.answer(smiths));
    await screen.findByRole('option', { name: /Ann Smith/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(input()).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(input()).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(input()).toHaveValue('Bob Smith');
    expect(hidden()).toHaveValue('12');
  });

  it('says when nothing matches', async () => {
    const { pending } = controllableFetch();
    renderWithProviders(<Harness />);
    await userEvent.type(input(), 'zzz');
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.answer([]));
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
  });
});
