/**
 * NOTE: a dialog that asks for the person's own password before something that cannot be undone (deleting an
 * account, a community). The shared passwordConfirmSchema checks it before anything is sent; `confirm` gets it
 * and throws on refusal (the dialog shows the server's words, as useFormDialog does). Spread `passwordField` on
 * the TextField and give the Dialog `initialFocusRef={passwordField.ref}`.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import * as v from 'valibot';
import { passwordConfirmSchema } from '../shared/schemas/account.ts';
import { firstIssue } from '../shared/schemas/auth.ts';
import { useFormDialog } from './use-form-dialog.ts';

type Options = { open: boolean; onOpenChange: (open: boolean) => void; confirm: (password: string) => Promise<void> };

export function usePasswordDialog({ open, onOpenChange, confirm }: Options) {
  const [password, setPassword] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  const form = useFormDialog({
    open,
    onOpenChange,
    reset: () => setPassword(''),
    async save() {
      const parsed = v.safeParse(passwordConfirmSchema, { password });
      if (!parsed.success) return firstIssue(parsed.issues);
      await confirm(parsed.output.password);
      return null;
    },
  });
  const passwordField = {
    ref,
    type: 'password',
    autoComplete: 'current-password',
    value: password,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setPassword(e.target.value),
    disabled: form.busy,
  };
  return { ...form, passwordField };
}
