import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { HttpError } from '../lib/http';
import { renderWithProviders } from '../test/renderWithProviders';
import { useConfirmAction } from './useConfirmAction';

const MESSAGE = 'Alert! This will DELETE a Pixel 9 line. Are you sure?';

function DeleteLine({ action, onSuccess }: { action: () => Promise<unknown>; onSuccess: () => void }) {
  const { confirm } = useConfirmAction();
  return (
    <Button
      onClick={() =>
        confirm({
          title: 'Delete line',
          message: MESSAGE,
          confirmLabel: 'Delete',
          danger: true,
          action,
          onSuccess,
          successMessage: 'Line deleted.',
        })
      }
    >
      Delete Line/SIM
    </Button>
  );
}

describe('useConfirmAction', () => {
  it('shows the exact confirmation text and does nothing when declined', async () => {
    const action = vi.fn(async () => ({}));
    const onSuccess = vi.fn();
    renderWithProviders(<DeleteLine action={action} onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Line/SIM' }));
    expect(await screen.findByText(MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
    expect(action).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('starts with focus on Cancel, so pressing Enter twice carries out nothing', async () => {
    const action = vi.fn(async () => ({}));
    renderWithProviders(<DeleteLine action={action} onSuccess={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Line/SIM' }));
    await screen.findByText(MESSAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
    await userEvent.keyboard('{Enter}');
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action on confirm, reloads the data, closes and toasts', async () => {
    const action = vi.fn(async () => ({}));
    const onSuccess = vi.fn();
    renderWithProviders(<DeleteLine action={action} onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Line/SIM' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Line deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGE)).toBeNull());
  });

  it("shows the first entry of the response's errors list in an alert on failure and does not reload", async () => {
    const action = vi.fn(async () => {
      throw new HttpError(422, 'Refused.', ['This device has no line to delete.', 'Other.']);
    });
    const onSuccess = vi.fn();
    renderWithProviders(<DeleteLine action={action} onSuccess={onSuccess} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Line/SIM' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This device has no line to delete.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Other.');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
