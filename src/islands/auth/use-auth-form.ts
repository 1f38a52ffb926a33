/**
 * NOTE: what the sign-in and registration forms share. Inputs are uncontrolled and read from the form on submit
 * (so typing before hydration is never lost); control `name`s must be the schema's keys. On submit: validate
 * with the shared schema (nothing is
 * sent when it fails), show the first problem in the form's alert and focus its field, send, then leave with a
 * full navigation to the safe `next` path so the server renders that page with the new session. Failures show
 * the server's `error` text, else the form's fallback (spec §8).
 * `ready` is false until hydration: the submit button stays disabled so an early Enter cannot submit the form
 * natively (the page router would post it and reload an empty form) — HTML blocks implicit submission then.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { serverMessageOf } from '../../client/api.ts';
import { NEXT_PARAM } from '../../shared/constants.ts';
import { safeNextPath } from '../../shared/routes.ts';
import { firstIssue } from '../../shared/schemas/auth.ts';

type Options<S extends v.GenericSchema> = {
  schema: S;
  send: (data: v.InferOutput<S>) => Promise<unknown>;
  failureMessage: string;
};

export function useAuthForm<S extends v.GenericSchema>({ schema, send, failureMessage }: Options<S>) {
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = v.safeParse(schema, Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const key = parsed.issues[0]?.path?.[0]?.key;
      const name = typeof key === 'string' ? key : null;
      setError(firstIssue(parsed.issues));
      setInvalidField(name);
      if (name) (form.elements.namedItem(name) as HTMLElement | null)?.focus();
      return;
    }
    setError(null);
    setInvalidField(null);
    setBusy(true);
    try {
      await send(parsed.output);
    } catch (err) {
      setError(serverMessageOf(err) ?? failureMessage);
      setBusy(false);
      return;
    }
    // Stay busy until the next page replaces this one.
    window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get(NEXT_PARAM)));
  }

  return { error, busy, ready, onSubmit, isInvalid: (name: string) => invalidField === name };
}
