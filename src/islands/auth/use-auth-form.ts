/**
 * NOTE: what the sign-in and registration forms share. Inputs are uncontrolled and read from the form on submit
 * (so typing before hydration is never lost); control `name`s must be the schema's keys. On submit: validate
 * with the shared schema (nothing is sent when it fails) and show every problem at once, each beside its own
 * field (`errorOf(name)`), focusing the first invalid field in the form's order; otherwise send, then leave with
 * a full navigation to the safe `next` path so the server renders that page with the new session. A failed send
 * shows the server's `error` text beside the field it names (`field`, e.g. a taken username), else in the form's
 * alert (`error`; spec §8), else the form's fallback.
 * `ready` is false until hydration: the submit button stays disabled so an early Enter cannot submit the form
 * natively (the page router would post it and reload an empty form) — HTML blocks implicit submission then.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { ApiError, serverMessageOf } from '../../client/api.ts';
import { NEXT_PARAM } from '../../shared/constants.ts';
import { safeNextPath } from '../../shared/routes.ts';
import { firstIssue, issuesByField } from '../../shared/schemas/auth.ts';

type Options<S extends v.GenericSchema> = {
  schema: S;
  send: (data: v.InferOutput<S>) => Promise<unknown>;
  failureMessage: string;
};

/** The first control of the form (in document order) whose name has a problem. */
function firstInvalid(form: HTMLFormElement, errors: Record<string, string>): HTMLElement | null {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && name in errors) return element as HTMLElement;
  }
  return null;
}

export function useAuthForm<S extends v.GenericSchema>({ schema, send, failureMessage }: Options<S>) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = v.safeParse(schema, Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const errors = issuesByField(parsed.issues);
      setFieldErrors(errors);
      // A problem no field owns (none today) still shows, in the alert.
      setError(Object.keys(errors).length === 0 ? firstIssue(parsed.issues) : null);
      firstInvalid(form, errors)?.focus();
      return;
    }
    setError(null);
    setFieldErrors({});
    setBusy(true);
    try {
      await send(parsed.output);
    } catch (err) {
      const field = err instanceof ApiError ? (err.body as { field?: unknown } | null)?.field : undefined;
      const control = typeof field === 'string' ? form.elements.namedItem(field) : null;
      if (control instanceof HTMLElement && err instanceof ApiError && err.serverMessage) {
        setFieldErrors({ [field as string]: err.serverMessage });
        control.focus();
      } else setError(serverMessageOf(err) ?? failureMessage);
      setBusy(false);
      return;
    }
    // Stay busy until the next page replaces this one.
    window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get(NEXT_PARAM)));
  }

  const errorOf = (name: string): string | null => fieldErrors[name] ?? null;
  return { error, busy, ready, onSubmit, errorOf };
}
