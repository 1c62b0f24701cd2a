import { z } from '../../../contract/zod';
import { endpoint } from '../../../contract/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ModalLink } from './ModalLink';
import { MODAL_SUCCESS_MESSAGE, modalWidth } from './modalView';
import { Form, SubmitButton, useForm } from '../index';
import { setCsrfToken } from '../../lib/http';

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function Page() {
  return (
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ModalLink href="/admin/cancellation-reasons/create">Add a reason</ModalLink>
            <Where />
          </>
        }
      />
    </Routes>
  );
}

const originalWidth = window.innerWidth;
afterEach(() => setWindowWidth(originalWidth));

describe('modalWidth', () => {
  it('is the smaller of the window width minus 60 and 700, and never above 900', () => {
    expect(modalWidth(1280)).toBe(700);
    expect(modalWidth(768)).toBe(700);
    expect(modalWidth(700)).toBe(640);
    expect(modalWidth(1280, 1000)).toBe(900);
    expect(modalWidth(900, 1000)).toBe(840);
  });
});

describe('ModalLink', () => {
  it('is a modal-form link to the full page with view=fullscreen', () => {
    renderWithProviders(<Page />);
    const link = screen.getByRole('link', { name: 'Add a reason' });
    expect(link).toHaveClass('modal-form');
    expect(link).toHaveAttribute('href', '/admin/cancellation-reasons/create?view=fullscreen');
  });

  it('opens the page with view=modal in a 700 px modal iframe at 1280 px', async () => {
    setWindowWidth(1280);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Add a reason' }));
    const dialog = await screen.findByRole('dialog');
    const frame = dialog.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/admin/cancellation-reasons/create?view=modal');
    expect(frame).toHaveAttribute('title', 'Add a reason');
    // Mantine writes the size in rem: 700 px = 43.75rem.
    expect((dialog.closest('.mantine-Modal-root') as HTMLElement).style.getPropertyValue('--modal-size')).toContain(
      '43.75rem',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/admin');
  });

  it('keeps a wider modal at 900 px at most', async () => {
    setWindowWidth(1280);
    renderWithProviders(
      <ModalLink href="/admin/parcels/create" width={1200}>
        Parcel
      </ModalLink>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Parcel' }));
    const dialog = await screen.findByRole('dialog');
    expect((dialog.closest('.mantine-Modal-root') as HTMLElement).style.getPropertyValue('--modal-size')).toContain(
      '56.25rem',
    );
  });

  it('opens a modal at exactly 768 px', async () => {
    setWindowWidth(768);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Add a reason' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('navigates to the full page with view=fullscreen below 768 px', async () => {
    setWindowWidth(767);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Add a reason' }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/cancellation-reasons/create?view=fullscreen'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("closes and reloads the page's data when the form in the modal succeeds", async () => {
    setWindowWidth(1280);
    const { queryClient } = renderWithProviders(<Page />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(screen.getByRole('link', { name: 'Add a reason' }));
    const frame = (await screen.findByRole('dialog')).querySelector('iframe')!;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: MODAL_SUCCESS_MESSAGE },
          origin: window.location.origin,
          source: frame.contentWindow,
        }),
      );
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(invalidate).toHaveBeenCalled();
  });

  it('ignores a success message from another window', async () => {
    setWindowWidth(1280);
    renderWithProviders(<Page />);
    fireEvent.click(screen.getByRole('link', { name: 'Add a reason' }));
    await screen.findByRole('dialog');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: MODAL_SUCCESS_MESSAGE },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('a form inside a modal', () => {
  const thingsEndpoint = endpoint({
    method: 'POST',
    path: '/admin/things',
    body: z.object({ name: z.string() }),
    access: 'signed-in',
    changes: [],
    summary: 'Things of the modal tests.',
  });

  function SaveForm() {
    const form = useForm({ name: 'x' });
    return (
      <Form form={form} onSubmit={() => form.submit(thingsEndpoint)}>
        <SubmitButton />
      </Form>
    );
  }

  it('tells the opening page when it succeeded, and only when shown with view=modal', async () => {
    setCsrfToken('t');
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 200 }));
    const postMessage = vi.fn();
    const parent = Object.getOwnPropertyDescriptor(window, 'parent');
    Object.defineProperty(window, 'parent', { configurable: true, value: { postMessage } });
    try {
      window.history.replaceState(null, '', '/admin/things/create?view=modal');
      renderWithProviders(<SaveForm />);
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() =>
        expect(postMessage).toHaveBeenCalledWith({ type: MODAL_SUCCESS_MESSAGE }, window.location.origin),
      );

      postMessage.mockClear();
      window.history.replaceState(null, '', '/admin/things/create');
      renderWithProviders(<SaveForm />);
      fireEvent.click(screen.getAllByRole('button', { name: 'Submit' }).at(-1)!);
      await new Promise((r) => setTimeout(r, 50));
      expect(postMessage).not.toHaveBeenCalled();
    } finally {
      if (parent) Object.defineProperty(window, 'parent', parent);
      window.history.replaceState(null, '', '/');
      vi.unstubAllGlobals();
    }
  });
});
