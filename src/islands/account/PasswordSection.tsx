/**
 * The account screen's Password card: current, new and confirm new. The shared schema's messages show beside
 * their fields and nothing is sent until they pass; a refusal (wrong current password, too many tries) shows in
 * the card's alert. Success clears the form and toasts; every other session was signed out by the server.
 */
import { type SubmitEvent, useEffect, useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { changePasswordSchema } from '../../shared/schemas/account.ts';
import { issuesByField, PASSWORDS_DO_NOT_MATCH } from '../../shared/schemas/auth.ts';
import { changePassword } from '../../stores/accounts/account.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SectionCard } from '../profile/SectionCard.tsx';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' });
const introClass = css({ color: 'fg.muted', fontSize: 'sm' });
const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

export default function PasswordSection() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until hydration the button stays disabled, so an early Enter cannot submit the form natively (see use-auth-form).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = v.safeParse(changePasswordSchema, { current_password: values.current_password, new_password: values.new_password });
    const found = parsed.success ? {} : issuesByField(parsed.issues);
    if (!found.new_password && values.confirm_password !== values.new_password) found.confirm_password = PASSWORDS_DO_NOT_MATCH;
    setErrors(found);
    setError(null);
    const first = FIELDS.find((name) => name in found);
    if (first || !parsed.success) {
      form.querySelector<HTMLInputElement>(`[name="${first ?? 'current_password'}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      toast.success(await changePassword(parsed.output));
      form.reset();
    } catch (err) {
      setError(serverMessageOf(err) ?? 'Could not change your password. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    type: 'password',
    required: true,
    disabled: busy,
    error: errors[name] ?? null,
  });
  return (
    <SectionCard title="Password">
      <form className={formClass} method="post" noValidate onSubmit={(e) => void onSubmit(e)}>
        <p className={introClass}>Changing your password signs you out everywhere else.</p>
        {error && <Alert>{error}</Alert>}
        <TextField label="Current password" autoComplete="current-password" {...field('current_password')} />
        <TextField label="New password" autoComplete="new-password" {...field('new_password')} />
        <TextField label="Confirm new password" autoComplete="new-password" {...field('confirm_password')} />
        <div>
          <Button type="submit" disabled={!ready || busy} aria-busy={busy}>
            {busy ? 'Changing password...' : 'Change password'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
