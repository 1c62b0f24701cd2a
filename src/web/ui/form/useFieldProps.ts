import type { ChangeEvent, ReactNode } from 'react';
import { getPath, type FormState } from './useForm';

export interface FieldOptions {
  required?: boolean;
  label?: ReactNode;
  /** Tooltip title of the input; defaults to the label when it is text. */
  title?: string;
}

export interface FieldProps {
  name: string;
  label?: ReactNode;
  value?: never;
  checked?: boolean;
  required: boolean;
  withAsterisk: boolean;
  title?: string;
  error?: string;
  wrapperProps: { 'data-errored'?: true };
  onChange(eventOrValue: unknown): void;
}

function valueOf(eventOrValue: unknown): unknown {
  const target = (eventOrValue as ChangeEvent<HTMLInputElement> | null)?.currentTarget;
  if (target && typeof target === 'object' && 'value' in target)
    return target.type === 'checkbox' ? target.checked : target.value;
  return eventOrValue;
}

/**
 * Props that wire a Mantine input to a form field: value, change (clears the field's error), the server error
 * under the field, the group marked errored, and for required fields the label asterisk and ' (Required)' title.
 */
export function useFieldProps<T extends object>(
  form: FormState<T>,
  field: string,
  options: FieldOptions = {},
): FieldProps {
  const { required = false, label } = options;
  const value = getPath(form.data, field);
  const error = form.errors[field];
  const baseTitle = options.title ?? (typeof label === 'string' ? label : '');
  return {
    name: field,
    ...(label !== undefined ? { label } : {}),
    ...(typeof value === 'boolean' ? { checked: value } : { value: (value ?? '') as never }),
    required,
    withAsterisk: required,
    ...(required ? { title: `${baseTitle} (Required)` } : options.title ? { title: options.title } : {}),
    ...(error ? { error } : {}),
    wrapperProps: error ? { 'data-errored': true } : {},
    onChange: (eventOrValue: unknown) => form.setData(field, valueOf(eventOrValue)),
  };
}

/**
 * useFieldProps for a Mantine Select: an empty field is `null`, which is what makes the Select clear the label it
 * shows (given '', it keeps showing the last option chosen while the form holds nothing).
 */
export function useSelectFieldProps<T extends object>(
  form: FormState<T>,
  field: string,
  options: FieldOptions = {},
): Omit<FieldProps, 'value'> & { value: string | null } {
  const props = useFieldProps(form, field, options);
  const value = getPath(form.data, field);
  return { ...props, value: value === null || value === undefined || value === '' ? null : String(value) };
}
