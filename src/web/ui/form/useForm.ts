import { useCallback, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { CallInput, Endpoint, ResponseOf } from '../../../contract/endpoint';
import { api } from '../../lib/api';
import { useInvalidate } from '../../lib/data';
import { HttpError } from '../../lib/http';
import { submitKeys } from '../../lib/idempotency';
import { signalFormSuccess } from '../modal/modalView';

/** Names the form object itself uses; a field of the same name would be shadowed, so it is refused up front. */
export const RESERVED_FIELD_NAMES = ['data', 'errors', 'post', 'put', 'patch', 'reset', 'submit', 'clear'] as const;

export function guardAgainstReservedFieldNames(fields: object): void {
  for (const name of Object.keys(fields)) {
    if ((RESERVED_FIELD_NAMES as readonly string[]).includes(name)) {
      throw new Error(`Field name ${name} isn't allowed to be used in a Form or Errors instance.`);
    }
  }
}

export interface UseFormOptions {
  /** Put the initial values back after a successful submit (default true). */
  resetOnSuccess?: boolean;
}

export interface SubmitOptions<R> {
  /**
   * The Idempotency-Key of an endpoint that honours one, when the page keeps it itself (a submit kept to be sent
   * later goes with the key it was first sent with); by default one per body, kept until it succeeds.
   */
  idempotencyKey?: string;
  onSuccess?(response: R): void | Promise<void>;
  /** Field errors (first message per field); empty when the failure was not about fields. */
  onError?(errors: Record<string, string>, error: unknown): void;
}

export interface FormState<T extends object> {
  data: T;
  setData: {
    <K extends keyof T & string>(field: K, value: T[K]): void;
    /** A nested field by its dot path, as the server names it in errors ("address.city"). */
    (path: string, value: unknown): void;
    (values: Partial<T>): void;
  };
  /** The first message of each erroring field, keyed by the server's field path. */
  errors: Record<string, string>;
  hasErrors: boolean;
  /** A failure that is not about a field (server error, refused action, lost connection). */
  formError: string | null;
  processing: boolean;
  successful: boolean;
  setError(field: string, message: string): void;
  /** With no fields, clears every error. */
  clearErrors(...fields: string[]): void;
  reset(): void;
  transform(fn: (data: T) => unknown): void;
  /**
   * Validates the (transformed) values with the endpoint's body schema, the one the server checks again, and
   * sends them only when they pass; field errors of either side land on the fields.
   */
  submit<E extends Endpoint>(
    endpoint: E,
    input?: Omit<CallInput<E>, 'body'>,
    options?: SubmitOptions<ResponseOf<E>>,
  ): Promise<ResponseOf<E> | undefined>;
}

export function getPath(source: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), source);
}

function setPath<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const current = (source ?? {}) as Record<string, unknown>;
  const copy = (Array.isArray(current) ? [...current] : { ...current }) as Record<string, unknown>;
  copy[head!] = rest.length ? setPath(current[head!], rest.join('.'), value) : value;
  return copy as T;
}

/** Drops the errors of a field and of everything nested under it. */
function withoutErrors(errors: Record<string, string>, fields: string[]): Record<string, string> {
  const next = { ...errors };
  for (const key of Object.keys(next)) {
    if (fields.some((f) => key === f || key.startsWith(`${f}.`))) delete next[key];
  }
  return next;
}

/** Zod's issues as the server words its 422: the first message per dot path ("address.city"). */
export function issueMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

export function firstMessages(fieldErrors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) if (messages[0]) out[field] = messages[0];
  return out;
}

/** What the last change or submit left: field errors, a form-wide error, the processing and successful flags. */
function useFormFeedback() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [successful, setSuccessful] = useState(false);
  const setError = useCallback((field: string, message: string) => setErrors((e) => ({ ...e, [field]: message })), []);
  const clearErrors = useCallback((...fields: string[]) => {
    setErrors((e) => (fields.length ? withoutErrors(e, fields) : {}));
    if (!fields.length) setFormError(null);
  }, []);
  return {
    errors,
    setErrors,
    setError,
    clearErrors,
    formError,
    setFormError,
    processing,
    setProcessing,
    successful,
    setSuccessful,
  };
}

type FormFeedback = ReturnType<typeof useFormFeedback>;

/** A failed request's field errors (first message each), or, when none is about a field, the form's error. */
function failureOf(err: unknown): { fieldErrors: Record<string, string>; formError: string | null } {
  const fieldErrors = err instanceof HttpError ? firstMessages(err.fieldErrors) : {};
  if (Object.keys(fieldErrors).length) return { fieldErrors, formError: null };
  return {
    fieldErrors,
    formError: err instanceof HttpError ? err.firstError : 'Something went wrong. Please try again.',
  };
}

/**
 * The form's submit: checks `values()` against the endpoint's schema, sends them once at a time, and reports
 * the outcome through the feedback setters; `onSent` runs first after a success.
 */
function useSubmit(feedback: FormFeedback, values: () => unknown, onSent: () => void): FormState<object>['submit'] {
  const { setErrors, setFormError, setProcessing, setSuccessful } = feedback;
  const busyRef = useRef(false);
  const [keys] = useState(submitKeys);
  const invalidate = useInvalidate();
  return useCallback(
    async <E extends Endpoint>(
      endpoint: E,
      input: Omit<CallInput<E>, 'body'> = {} as Omit<CallInput<E>, 'body'>,
      options: SubmitOptions<ResponseOf<E>> = {},
    ): Promise<ResponseOf<E> | undefined> => {
      if (busyRef.current) return undefined;
      const payload = values();
      // A GET or DELETE carries the values in its query, anything else in its body.
      const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
      const checked = (inQuery ? endpoint.query : endpoint.body)?.safeParse(payload);
      if (checked && !checked.success) {
        const fieldErrors = issueMessages(checked.error);
        setErrors(fieldErrors);
        setSuccessful(false);
        options.onError?.(fieldErrors, checked.error);
        return undefined;
      }
      busyRef.current = true;
      setProcessing(true);
      setSuccessful(false);
      setFormError(null);
      try {
        const response = await (api as (e: Endpoint, input: object, init: object) => Promise<ResponseOf<E>>)(
          endpoint,
          { ...input, [inQuery ? 'query' : 'body']: payload },
          {
            idempotencyKey:
              'idempotent' in endpoint && endpoint.idempotent
                ? (options.idempotencyKey ?? keys.keyFor(payload))
                : undefined,
          },
        );
        keys.settle();
        setErrors({});
        setSuccessful(true);
        onSent();
        // What the endpoint declares it changes reloads before `onSuccess` runs.
        await invalidate(endpoint, input);
        await options.onSuccess?.(response);
        // A change made in a modal closes it and reloads the opener; a GET form (a search) is not a change.
        if (endpoint.method !== 'GET') signalFormSuccess();
        return response;
      } catch (err) {
        const { fieldErrors, formError } = failureOf(err);
        setErrors(fieldErrors);
        if (formError !== null) setFormError(formError);
        if (!(err instanceof HttpError)) console.error(err);
        options.onError?.(fieldErrors, err);
        return undefined;
      } finally {
        busyRef.current = false;
        setProcessing(false);
      }
    },
    [invalidate, keys, onSent, setErrors, setFormError, setProcessing, setSuccessful, values],
  );
}

/**
 * Form state with the server's validation: values, first error per field, processing/successful flags.
 * Typing in a field clears its errors; a payload holding a File goes as multipart (see lib/http).
 */
export function useForm<T extends object>(initial: T, { resetOnSuccess = true }: UseFormOptions = {}): FormState<T> {
  const [initialValues] = useState(() => {
    guardAgainstReservedFieldNames(initial);
    return initial;
  });
  const [data, setDataState] = useState<T>(initialValues);
  const feedback = useFormFeedback();
  const { errors, setErrors, setError, clearErrors, formError, setFormError, processing, successful, setSuccessful } =
    feedback;
  const dataRef = useRef(data);
  const transformRef = useRef<(data: T) => unknown>((d) => d);

  const update = useCallback((next: T) => {
    dataRef.current = next;
    setDataState(next);
  }, []);

  const setData = useCallback(
    (fieldOrValues: string | Partial<T>, value?: unknown) => {
      if (typeof fieldOrValues === 'string') {
        update(setPath(dataRef.current, fieldOrValues, value));
        setErrors((e) => withoutErrors(e, [fieldOrValues]));
      } else {
        update({ ...dataRef.current, ...fieldOrValues });
        setErrors((e) => withoutErrors(e, Object.keys(fieldOrValues)));
      }
      setFormError(null);
    },
    [setErrors, setFormError, update],
  ) as FormState<T>['setData'];

  const reset = useCallback(() => {
    update(initialValues);
    setErrors({});
    setFormError(null);
    setSuccessful(false);
  }, [initialValues, setErrors, setFormError, setSuccessful, update]);
  const transform = useCallback((fn: (data: T) => unknown) => {
    transformRef.current = fn;
  }, []);

  const values = useCallback(() => transformRef.current(dataRef.current), []);
  const onSent = useCallback(() => {
    if (resetOnSuccess) update(initialValues);
  }, [initialValues, resetOnSuccess, update]);
  const submit = useSubmit(feedback, values, onSent);

  const hasErrors = Object.keys(errors).length > 0;
  return useMemo(
    () => ({
      data,
      setData,
      errors,
      hasErrors,
      formError,
      processing,
      successful,
      setError,
      clearErrors,
      reset,
      transform,
      submit,
    }),
    [
      data,
      setData,
      errors,
      hasErrors,
      formError,
      processing,
      successful,
      setError,
      clearErrors,
      reset,
      transform,
      submit,
    ],
  );
}
