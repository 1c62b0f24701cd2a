import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { renderWithProviders } from '../test/renderWithProviders';
import { HashTabs } from './HashTabs';

const tabs = [
  { value: 'details', label: 'Details', panel: <p>Details panel</p> },
  { value: 'history', label: 'History', panel: <p>History panel</p> },
];

function Hash() {
  return <p data-testid="hash">{useLocation().hash}</p>;
}

describe('HashTabs', () => {
  it('shows the first tab when the URL has no hash', () => {
    renderWithProviders(<HashTabs tabs={tabs} />, { route: '/admin/devices/1' });
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Details panel')).toBeVisible();
  });

  it('restores the tab named by the hash on load', () => {
    renderWithProviders(<HashTabs tabs={tabs} />, { route: '/admin/devices/1#history' });
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('History panel')).toBeVisible();
  });

  it('falls back to the default for an unknown hash', () => {
    renderWithProviders(<HashTabs tabs={tabs} defaultValue="history" />, { route: '/admin/devices/1#nope' });
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  });

  it('puts the selected tab in the hash, by mouse or keyboard', async () => {
    renderWithProviders(
      <>
        <HashTabs tabs={tabs} />
        <Hash />
      </>,
      { route: '/admin/devices/1?view=modal' },
    );
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByTestId('hash')).toHaveTextContent('#history');
    expect(screen.getByText('History panel')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByTestId('hash')).toHaveTextContent('#details');
  });
});
