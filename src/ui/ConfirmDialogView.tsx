/**
 * A small confirmation dialog (e.g. 'Delete post?', 'Leave Group', 'Block …?'): `children` asks the question;
 * Cancel closes; the secondary-coloured confirm button runs `onConfirm`, reading `busyLabel` while it runs (both
 * buttons and closing are disabled then). `onConfirm` resolves with a message to show (the dialog stays open)
 * or null (done: the dialog closes); a refused API call it throws shows the server's reason, anything else
 * `failure`. Every opening starts without an error.
 */
import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { useFormDialog } from './use-form-dialog.ts';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: () => Promise<string | null>;
  failure?: string;
  children: ReactNode;
};

export function ConfirmDialogView({
  open,
  onOpenChange,
  title,
  confirmLabel,
  busyLabel,
  onConfirm,
  failure,
  children,
}: ConfirmDialogProps) {
  const { error, busy, submit } = useFormDialog({ open, onOpenChange, save: onConfirm, failure });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      size="sm"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button palette="secondary" onClick={() => void submit()} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error && <Alert>{error}</Alert>}
    </Dialog>
  );
}
