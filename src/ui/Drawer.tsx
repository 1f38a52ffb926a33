/**
 * NOTE: a bottom sheet that slides in (Ark UI Dialog + the `drawer` recipe), e.g. the comments drawer on phones.
 * Same rules as src/ui/Dialog.tsx: controlled by `open`/`onOpenChange`, nothing rendered while closed, named by
 * `title`, a 'Close' button, Escape and a click on the backdrop close it, focus is trapped and returns to the
 * opener. `footer` stays pinned under the scrolling body (e.g. a composer).
 */
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import type { ReactNode } from 'react';
import { drawer } from '../../styled-system/recipes';
import { DialogSurface } from './Dialog.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; title: ReactNode; children: ReactNode; footer?: ReactNode };

export function Drawer({ open, onOpenChange, title, children, footer }: Props) {
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <DialogSurface classes={drawer()} title={title} footer={footer}>
        {children}
      </DialogSurface>
    </ArkDialog.Root>
  );
}
