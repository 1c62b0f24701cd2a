import { createContext, useContext, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import { Alert, List, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { csrfToken } from '../../lib/http';
import type { FormState } from './useForm';

interface FormStatus {
  processing: boolean;
}

const FormStatusContext = createContext<FormStatus | null>(null);

/** Lets a SubmitButton inside a Form disable itself without being handed the form. */
export function useFormStatus(): FormStatus | null {
  return useContext(FormStatusContext);
}

export interface FormProps<T extends object> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'children'
> {
  form: FormState<T>;
  onSubmit(): void;
  children: ReactNode;
}

/**
 * A `<form>` carrying the hidden `_token` field, with an alert listing the first message of each field error
 * (or the failure that was not about a field). Submitting is ignored only while processing (§8).
 */
export function Form<T extends object>({ form, onSubmit, children, ...rest }: FormProps<T>) {
  const messages = [...new Set(Object.values(form.errors))];
  if (form.formError) messages.unshift(form.formError);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.processing) return;
    onSubmit();
  }

  return (
    <FormStatusContext.Provider value={{ processing: form.processing }}>
      <form noValidate {...rest} onSubmit={handleSubmit}>
        <input type="hidden" name="_token" value={csrfToken() ?? ''} />
        <Stack>
          {messages.length > 0 && (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              role="alert"
              // Field messages ask for a correction; anything else (a refusal, a server error) did not save.
              title={Object.keys(form.errors).length ? 'Please check the form' : 'The form could not be saved'}
            >
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </FormStatusContext.Provider>
  );
}
