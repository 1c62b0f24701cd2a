import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileInput, TextInput, Textarea } from '@mantine/core';
import { setCsrfToken } from '../../lib/http';
import { renderWithProviders, stubFetch } from '../../test/renderWithProviders';
import { z } from '../../../contract/zod';
import { endpoint, type HttpMethod } from '../../../contract/endpoint';
import { Form, SubmitButton, useFieldProps, useForm } from '../index';

const note = z.object({
  title: z.string().max(20, 'The title may not be longer than 20 characters.'),
  body: z.string(),
});
const notesEndpoint = (method: HttpMethod) =>
  endpoint({
    ...(method === 'GET' ? { method, reads: [] } : { method, changes: [] }),
    path: '/admin/notes',
    ...(method === 'GET' || method === 'DELETE' ? { query: note } : { body: note }),
    response: z.unknown(),
    access: 'signed-in',
    summary: 'Notes of the form tests.',
  });

function NoteForm({ method = 'POST', resetOnSuccess = true }: { method?: HttpMethod; resetOnSuccess?: boolean }) {
  const form = useForm({ title: '', body: '' }, { resetOnSuccess });
  return (
    <Form form={form} onSubmit={() => form.submit(notesEndpoint(method))}>
      <TextInput {...useFieldProps(form, 'title', { label: 'Title', required: true })} />
      <Textarea {...useFieldProps(form, 'body', { label: 'Body' })} />
      <SubmitButton />
      {form.successful && <p>Saved!</p>}
    </Form>
  );
}

beforeEach(() => setCsrfToken('page-token'));
afterEach(() => vi.unstubAllGlobals());

describe('useForm', () => {
  it.each(['data', 'errors', 'post', 'put', 'patch', 'reset', 'submit', 'clear'])(
    'refuses a field named %s at creation',
    (name) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(() => renderHook(() => useForm({ [name]: '' }))).toThrow(
        `Field name ${name} isn't allowed to be used in a Form or Errors instance.`,
      );
    },
  );

  it('sends the values as JSON with the CSRF header, then resets them and flags success', async () => {
    const { calls, fetchStub } = stubFetch({ status: 201, body: { id: 1 } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<NoteForm />);
    await userEvent.type(screen.getByLabelText(/Title/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/admin/notes');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ title: 'Hello', body: '' });
    expect((calls[0]!.init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('page-token');
    expect(screen.getByLabelText(/Title/)).toHaveValue('');
  });

  it('keeps the values after success when the form opts out of resetting', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 200, body: {} }).fetchStub);
    renderWithProviders(<NoteForm resetOnSuccess={false} />);
    await userEvent.type(screen.getByLabelText(/Title/), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Saved!');
    expect(screen.getByLabelText(/Title/)).toHaveValue('Hello');
  });

  it.each<[HttpMethod, string]>([
    ['GET', 'GET'],
    ['DELETE', 'DELETE'],
    ['PUT', 'PUT'],
    ['PATCH', 'PATCH'],
  ])('submits with %s', async (method, sent) => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: {} });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<NoteForm method={method} />);
    await userEvent.type(screen.getByLabelText(/Title/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.init.method).toBe(sent);
    if (method === 'GET' || method === 'DELETE') expect(calls[0]!.url).toBe('/admin/notes?title=x');
  });

  it("checks the values with the endpoint's schema first and sends nothing when they fail", async () => {
    const { calls, fetchStub } = stubFetch({ status: 200, body: {} });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<NoteForm />);
    await userEvent.type(screen.getByLabelText(/Title/), 'x'.repeat(21));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('The title may not be longer than 20 characters.')).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('shows server field errors under their fields and in an alert, marks the group errored, and lets the user send again (§8)', async () => {
    const { calls, fetchStub } = stubFetch({
      status: 422,
      body: {
        message: 'The title field is required.',
        errors: { title: ['The title field is required.', 'Second.'], body: ['Too long.'] },
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<NoteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please check the form');
    expect(alert).toHaveTextContent('The title field is required.');
    expect(alert).toHaveTextContent('Too long.');
    expect(alert).not.toHaveTextContent('Second.');
    const title = screen.getByLabelText(/Title/);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title.closest('[data-errored]')).not.toBeNull();
    expect(screen.getAllByText('The title field is required.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(calls).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it("clears only the typed field's error, and the alert once no error is left", async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 422, body: { message: 'x', errors: { title: ['Bad title.'], body: ['Bad body.'] } } })
        .fetchStub,
    );
    renderWithProviders(<NoteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alert');
    await userEvent.type(screen.getByLabelText(/Title/), 'a');
    expect(screen.queryByText('Bad title.')).toBeNull();
    expect(screen.getAllByText('Bad body.').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText(/Body/), 'b');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('disables the button and shows a spinner while submitting', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<NoteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading');
    answer(new Response('{}', { status: 200 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it('shows a failure that is not about a field, headed as not saved, and lets the user send again', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 500, body: { message: 'Server Error' } }).fetchStub);
    renderWithProviders(<NoteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The form could not be saved');
    expect(alert).not.toHaveTextContent('Please check the form');
    expect(alert).toHaveTextContent('Server Error');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('sends multipart form data when a value holds a file', async () => {
    const uploadEndpoint = endpoint({
      method: 'POST',
      path: '/admin/uploads',
      access: 'signed-in',
      changes: [],
      summary: 'An upload of the form tests.',
    });
    const { calls, fetchStub } = stubFetch({ status: 200, body: {} });
    vi.stubGlobal('fetch', fetchStub);
    function UploadForm() {
      const form = useForm<{ name: string; photo: File | null }>({ name: 'Shelf', photo: null });
      return (
        <Form form={form} onSubmit={() => form.submit(uploadEndpoint)}>
          <FileInput label="Photo" value={form.data.photo} onChange={(f) => form.setData('photo', f)} />
          <SubmitButton />
        </Form>
      );
    }
    const { container } = renderWithProviders(<UploadForm />);
    const file = new File(['abc'], 'shelf.png', { type: 'image/png' });
    await userEvent.upload(container.querySelector('input[type=file]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Shelf');
    expect((body.get('photo') as File).name).toBe('shelf.png');
  });
});

describe('Form and fields', () => {
  it('carries the hidden _token field', () => {
    const { container } = renderWithProviders(<NoteForm />);
    const token = container.querySelector('input[type=hidden][name=_token]');
    expect(token).toHaveValue('page-token');
  });

  it("marks a required field's label with an asterisk and appends ' (Required)' to its tooltip title", () => {
    renderWithProviders(<NoteForm />);
    const title = screen.getByLabelText(/Title/);
    expect(title).toHaveAttribute('title', 'Title (Required)');
    expect(title).toBeRequired();
    expect(screen.getByText('Title').closest('label')).toHaveTextContent('Title *');
    expect(screen.getByLabelText('Body')).not.toHaveAttribute('title');
  });

  it("SubmitButton says 'Submit' with an angle-right icon by default", () => {
    renderWithProviders(<NoteForm />);
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button.querySelector('svg.tabler-icon-chevron-right')).not.toBeNull();
  });
});
