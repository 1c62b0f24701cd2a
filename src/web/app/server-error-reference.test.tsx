import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { z } from '../../contract/zod';
import { endpoint } from '../../contract/endpoint';
import { SettingsPage } from '../features/settings/SettingsPage';
import { HttpError, request, setCsrfToken } from '../lib/http';
import { answer, renderWithProviders, staffUser, stubApi, stubFetch } from '../test/renderWithProviders';
import { ErrorState, Form, SubmitButton, useFieldProps, useForm } from '../ui/index';
import { useApiMutation } from '../lib/data';

const REFERENCE = '0b7f6a52-3c1e-4d2b-9a8e-5f4c3b2a1d0e';
const serverError = { message: 'Server Error', reference: REFERENCE };
const note = `Quote this reference: ${REFERENCE}`;

const saveNote = endpoint({
  method: 'POST',
  path: '/admin/notes',
  body: z.object({ title: z.string() }),
  response: z.unknown(),
  access: 'signed-in',
  changes: [],
  summary: 'Notes of these tests.',
});

beforeEach(() => setCsrfToken('page-token'));
afterEach(() => vi.unstubAllGlobals());

describe('a server error (5xx) as the SPA shows it', () => {
  it('keeps the reference the server gave, and adds it to the message every alert and toast shows', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 500, body: serverError }).fetchStub);
    const error = await request('GET', '/admin/api/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).reference).toBe(REFERENCE);
    expect((error as HttpError).message).toBe('Server Error');
    expect((error as HttpError).firstError).toBe(`Server Error. ${note}`);
  });

  it('adds it after the first entry of the errors list (a statement timeout, 503)', async () => {
    const message = 'The database took too long to answer. Please try again in a moment.';
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 503, body: { message, errors: [message], reference: REFERENCE } }).fetchStub,
    );
    const error = (await request('GET', '/admin/api/anything').catch((e: unknown) => e)) as HttpError;
    expect(error.firstError).toBe(`${message} ${note}`);
  });

  it("takes the answer's X-Request-Id when its body is not the server's JSON", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': REFERENCE } }),
    );
    const error = (await request('GET', '/admin/api/anything').catch((e: unknown) => e)) as HttpError;
    expect(error.reference).toBe(REFERENCE);
  });

  it('has no reference for a refusal (4xx)', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ status: 422, body: { message: 'No.', errors: ['No.'], reference: 'x' } }).fetchStub,
    );
    const error = (await request('GET', '/admin/api/anything').catch((e: unknown) => e)) as HttpError;
    expect(error.reference).toBeNull();
    expect(error.firstError).toBe('No.');
  });

  it('shows the reference under a page that could not be loaded', async () => {
    vi.stubGlobal('fetch', stubApi({ '/admin/api/settings/lookup-email': answer(500, serverError) }).fetchStub);
    renderWithProviders(<SettingsPage />, { user: staffUser('administrator') });
    const alert = (await screen.findByText('The settings could not be loaded.')).closest('[role="alert"]');
    expect(alert).toHaveTextContent(note);
  });

  it('shows it once when the message shown is already the one with the reference', () => {
    const error = new HttpError(500, 'Server Error', [], REFERENCE);
    renderWithProviders(<ErrorState message={error.firstError} error={error} />);
    expect(screen.getAllByText(note, { exact: false })).toHaveLength(1);
  });

  it("shows it in a form's alert after a failed save", async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 500, body: serverError }).fetchStub);
    function NoteForm() {
      const form = useForm({ title: '' });
      return (
        <Form form={form} onSubmit={() => form.submit(saveNote)}>
          <TextInput {...useFieldProps(form, 'title', { label: 'Title' })} />
          <SubmitButton />
        </Form>
      );
    }
    renderWithProviders(<NoteForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(note);
  });

  it('shows it in the toast of a failed action', async () => {
    vi.stubGlobal('fetch', stubFetch({ status: 500, body: serverError }).fetchStub);
    function SaveButton() {
      const save = useApiMutation(saveNote);
      return <Button onClick={() => save.mutate({ body: { title: 'x' } })}>Save</Button>;
    }
    renderWithProviders(<SaveButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Server Error. ${note}`)).toBeInTheDocument();
  });
});
