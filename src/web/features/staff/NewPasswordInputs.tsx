import { PasswordInput } from '@mantine/core';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, STAFF_MESSAGES } from '../../../contract/staff';
import { useFieldProps, type FormState } from '../../ui';

export interface NewPasswordValues {
  password: string;
  passwordConfirmation: string;
}

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_CHARS} characters. A few unrelated words make a strong one; common passwords are refused.`;

/**
 * The confirmation is the page's own check: it is dropped before sending, and a mismatch stops the submit.
 * Answers whether the form may be sent.
 */
export function confirmNewPassword<T extends NewPasswordValues>(form: FormState<T>): boolean {
  form.transform(({ passwordConfirmation: _confirmation, ...body }) => body);
  if (form.data.password === form.data.passwordConfirmation) return true;
  form.setError('passwordConfirmation', STAFF_MESSAGES.passwordMismatch);
  return false;
}

/** A new password and its confirmation; the server's verdict on the password shows under the first. */
export function NewPasswordInputs<T extends NewPasswordValues>({
  form,
  label = 'New password',
}: {
  form: FormState<T>;
  label?: string;
}) {
  return (
    <>
      <PasswordInput
        {...useFieldProps(form, 'password', { label, required: true })}
        description={PASSWORD_HINT}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_CHARS}
      />
      <PasswordInput
        {...useFieldProps(form, 'passwordConfirmation', { label: `Confirm ${label.toLowerCase()}`, required: true })}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_CHARS}
      />
    </>
  );
}
