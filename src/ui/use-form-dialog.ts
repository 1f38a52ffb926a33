/**
 * NOTE: the submit logic every edit dialog shares (Edit Bio, Edit Platforms, Rename Group, Create New Chat,
 * Update Profile Picture). Rules for callers:
 * - `reset()` runs whenever `open` changes: every opening starts fresh (and a closing lets go of what it held).
 *   The hook clears its own error and busy flag at the same moments.
 * - `save()` does the work and resolves with the message to show, or null when done. A throw shows the server's
 *   reason when it is a refused API call, else `failure` (confirm dialogs let their call throw). While it runs `busy` is true and a second submit is ignored. Success closes
 *   the dialog through `onOpenChange(false)`; a message keeps it open and shows in `error`.
 * - Forms pass `onSubmit` to `<form onSubmit>`; a plain button calls `submit()`. `setError` lets the dialog show
 *   its own problems (e.g. a wrong file type) in the same place.
 */
import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../client/api.ts';

type Options = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reset?: () => void;
  save: () => Promise<string | null>;
  failure?: string;
};

export function useFormDialog({ open, onOpenChange, reset, save, failure = 'Something went wrong. Please try again.' }: Options) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const resetRef = useRef(reset);
  resetRef.current = reset;

  useEffect(() => {
    resetRef.current?.();
    setError(null);
    setBusy(false);
  }, [open]);

  async function submit(): Promise<void> {
    if (running.current) return;
    running.current = true;
    setError(null);
    setBusy(true);
    const message = await save().catch((err: unknown) => serverMessageOf(err) ?? failure);
    running.current = false;
    setBusy(false);
    if (message) setError(message);
    else onOpenChange(false);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    void submit();
  }

  return { error, setError, busy, submit, onSubmit };
}
