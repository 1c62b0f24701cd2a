import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORBIDDEN_MESSAGE } from '../../contract/errors';
import { HttpError } from '../lib/http';
import { renderWithProviders } from '../test/renderWithProviders';
import { DataTable } from './DataTable';
import { ErrorState } from './states';

const forbidden = new HttpError(403, FORBIDDEN_MESSAGE);

describe('a load refused for the role', () => {
  it('says the page is not for this user, with nothing to retry', () => {
    renderWithProviders(<ErrorState message="The device could not be loaded." onRetry={vi.fn()} error={forbidden} />);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    expect(screen.queryByText('The device could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps the message and the retry of any other failure', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ErrorState message="The device could not be loaded." onRetry={onRetry} error={new HttpError(500, 'Oops')} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The device could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the same statement in place of a list', () => {
    renderWithProviders(<DataTable columns={[]} rows={undefined} error={forbidden} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to see this page.');
    expect(screen.queryByText(FORBIDDEN_MESSAGE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
