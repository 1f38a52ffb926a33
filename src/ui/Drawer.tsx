/**
 * NOTE: a bottom sheet that slides in (Ark UI Dialog + the `drawer` recipe), e.g. the comments drawer on phones.
 * Same rules as src/ui/Dialog.tsx: controlled by `open`/`onOpenChange`, nothing rendered while closed, named by
 * `title`, a 'Close' button, Escape and a click on the backdrop close it, focus is trapped and returns to the
 * opener. `footer` stays pinned under the scrolling body (e.g. a composer).
 */
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { drawer, iconButton } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; title: ReactNode; children: ReactNode; footer?: ReactNode };

export function Drawer({ open, onOpenChange, title, children, footer }: Props) {
  const classes = drawer();
  return (
    <ArkDialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={classes.content}>
            <div className={classes.header}>
              <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
              <ArkDialog.CloseTrigger className={iconButton()} aria-label="Close">
                <Icon name="close" />
              </ArkDialog.CloseTrigger>
            </div>
            <div className={classes.body}>{children}</div>
            {footer && <div className={classes.footer}>{footer}</div>}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
