/**
 * A small confirmation dialog (e.g. 'Delete post?', 'Leave Group'): `children` asks the question (and shows any
 * error); Cancel closes; the secondary-coloured confirm button runs `onConfirm` and reads `busyLabel` while
 * `busy`, when both buttons and closing are disabled.
 */
import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  children: ReactNode;
};

export function ConfirmDialog({ open, onOpenChange, title, confirmLabel, busyLabel, busy, onConfirm, children }: Props) {
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
          <Button palette="secondary" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
