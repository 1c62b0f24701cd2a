import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../test/renderWithProviders';
import { TagSelect } from './TagSelect';
import { DateField, TimeField, formatTime, parseDate, parseTime } from './DateTimeFields';
import { DateRangeFields } from './DateRangeFields';
import { formatDate, formatDateTime } from './dates';
import { ExternalLink, ExternalLinksInNewTab } from './ExternalLink';
import { Lightbox, LIGHTBOX_FAILURE_MESSAGE } from './Lightbox';

describe('TagSelect', () => {
  function Tags({ onChange }: { onChange: (tags: string[]) => void }) {
    const [tags, setTags] = useState<string[]>([]);
    return (
      <TagSelect
        label="Topographies"
        value={tags}
        onChange={(v) => {
          setTags(v);
          onChange(v);
        }}
      />
    );
  }

  it('splits typed text into tags at commas and spaces', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Tags onChange={onChange} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Topographies' }), 'hills,trees valley ');
    expect(onChange).toHaveBeenLastCalledWith(['hills', 'trees', 'valley']);
  });

  it('splits pasted text too', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Tags onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Topographies' });
    input.focus();
    await userEvent.paste('lake, river mountain');
    expect(onChange).toHaveBeenLastCalledWith(['lake', 'river', 'mountain']);
  });
});

describe('dates and times', () => {
  it('formats dates as MM/DD/YYYY and times as h:mm A', () => {
    expect(formatDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDateTime(new Date(2026, 2, 7, 14, 5))).toBe('03/07/2026 2:05 PM');
    expect(formatDateTime(new Date(2026, 2, 7, 0, 30))).toBe('03/07/2026 12:30 AM');
  });

  it('reads typed dates as MM/DD/YYYY only', () => {
    expect(parseDate('03/07/2026')).toBe('2026-03-07');
    expect(parseDate('3/7/2026')).toBe('2026-03-07');
    expect(parseDate('2026-03-07')).toBeNull();
    expect(parseDate('13/01/2026')).toBeNull();
  });

  it('DateField shows its value as MM/DD/YYYY and hands typed dates back as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    function Field() {
      const [value, setValue] = useState<string | null>('2026-11-20');
      return (
        <DateField
          label="Visit date"
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    renderWithProviders(<Field />);
    const input = screen.getByLabelText('Visit date');
    expect(input).toHaveValue('11/20/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '01/02/2027');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2027-01-02'));
  });

  it('DateRangeFields shows both ends and hands back the end that changed', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <DateRangeFields labels={['Swapped from', 'Swapped to']} from="2026-11-02" to="" onChange={onChange} />,
    );
    expect(screen.getByLabelText('Swapped from')).toHaveValue('11/02/2026');
    expect(screen.getByLabelText('Swapped to')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Swapped to'), '11/20/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ to: '2026-11-20' }));
  });

  it('DateRangeFields keeps a typed start after the end in its field with a message there, and hands on nothing', async () => {
    const onChange = vi.fn();
    function Range() {
      const [range, setRange] = useState({ from: '2026-11-02', to: '2026-11-10' } as Record<string, string | null>);
      return (
        <DateRangeFields
          labels={['From', 'To']}
          from={range.from!}
          to={range.to!}
          onChange={(change) => {
            onChange(change);
            setRange((r) => ({ ...r, ...change }));
          }}
        />
      );
    }
    renderWithProviders(<Range />);
    const start = screen.getByLabelText('From');
    await userEvent.clear(start);
    onChange.mockClear();
    await userEvent.type(start, '11/20/2026');
    await userEvent.tab();
    expect(await screen.findByText('The start must be on or before 11/10/2026.')).toBeInTheDocument();
    expect(start).toHaveValue('11/20/2026');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ from: '2026-11-20' }));
    // A later end puts the range right: both ends are handed on together, and the message goes.
    await userEvent.type(screen.getByLabelText('To'), '{Control>}a{/Control}11/30/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-20', to: '2026-11-30' }));
    expect(screen.queryByText('The start must be on or before 11/10/2026.')).not.toBeInTheDocument();
  });

  it('reads typed times as h:mm A (or 24-hour) only', () => {
    expect(parseTime('2:05 PM')).toBe('14:05');
    expect(parseTime('2:05pm')).toBe('14:05');
    expect(parseTime('12:30 AM')).toBe('00:30');
    expect(parseTime('14:05')).toBe('14:05');
    expect(parseTime('2 PM')).toBe('14:00');
    expect(parseTime('25:00')).toBeNull();
    expect(parseTime('soon')).toBeNull();
    expect(formatTime('09:05')).toBe('9:05 AM');
  });

  it('TimeField shows its value as h:mm A and hands typed times back as HH:mm', async () => {
    const onChange = vi.fn();
    function Field() {
      const [value, setValue] = useState('14:05');
      return (
        <TimeField
          label="Visit time"
          value={value}
          onChange={(v) => {
            setValue(v);
            onChange(v);
          }}
        />
      );
    }
    renderWithProviders(<Field />);
    const input = screen.getByLabelText('Visit time');
    expect(input).toHaveValue('2:05 PM');
    await userEvent.clear(input);
    await userEvent.type(input, '9:30am');
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    await userEvent.tab();
    expect(input).toHaveValue('9:30 AM');
    await userEvent.clear(input);
    await userEvent.type(input, 'later');
    await userEvent.tab();
    expect(screen.getByText('Enter a time like 9:30 AM.')).toBeInTheDocument();
  });
});

describe('ExternalLink', () => {
  it('opens in a new tab with rel noopener and says so to screen readers', () => {
    renderWithProviders(<ExternalLink href="https://carrier.example/coverage">Coverage map</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Coverage map (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link).toHaveAttribute('href', 'https://carrier.example/coverage');
  });
});

describe('ExternalLinksInNewTab', () => {
  it('opens any link to another site in a new tab without an opener, and leaves links of this site alone', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(
      <>
        <ExternalLinksInNewTab />
        <a href="https://carrier.example/status">Carrier status</a>
        <a href="/admin/devices">Devices</a>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Carrier status' }));
    expect(open).toHaveBeenCalledWith('https://carrier.example/status', '_blank', 'noopener,noreferrer');
    open.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Devices' }));
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });
});

describe('Lightbox', () => {
  it('shows the image large, and the failure text when it cannot be loaded', async () => {
    renderWithProviders(<Lightbox src="/missing.png" alt="Speed test screenshot" />);
    await userEvent.click(screen.getByRole('button', { name: 'Enlarge Speed test screenshot' }));
    const image = await screen.findByRole('img', { name: 'Speed test screenshot' });
    fireEvent.error(image);
    expect(await screen.findByText(LIGHTBOX_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(LIGHTBOX_FAILURE_MESSAGE).toBe('The requested content cannot be loaded. Please try again later.');
  });
});
