/**
 * NOTE: the app's modal dialog (Ark UI Dialog in a Portal + the `dialog` recipe). Rules for callers:
 * - Controlled: pass `open` and `onOpenChange(open)`. Nothing is rendered while closed (lazy mount, unmount on
 *   close), so the content never reaches SSR HTML and its state starts fresh on every open.
 * - `title` names the dialog (aria-labelledby). The close icon button is named 'Close'; Escape and a click on
 *   the backdrop close it too, unless `busy` (a save in flight), which also disables the close button. Escape in
 *   an open combobox (a picker's list) closes only that list.
 * - Focus is trapped inside and returns to the opener on close; `initialFocusRef` picks the first focus.
 * - `headerActions` (e.g. a menu trigger) sit in the header between the title and the close button.
 * - `children` is the scrolling body; `footer` (buttons) stays visible below it. For a form in the body, give
 *   it an id and the footer's submit button `form={id}` so Enter and the button both submit it.
 */
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode, RefObject } from 'react';
import { dialog, type DialogVariantProps, iconButton } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';

export type DialogProps = DialogVariantProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  headerActions?: ReactNode;
  busy?: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
};

export function Dialog({ open, onOpenChange, title, children, footer, headerActions, busy = false, initialFocusRef, size }: DialogProps) {
  const classes = dialog({ size });
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!busy || details.open) onOpenChange(details.open);
      }}
      closeOnEscape={!busy}
      onEscapeKeyDown={(event) => {
        if (event.target instanceof Element && event.target.closest('[role=combobox][aria-expanded=true]')) event.preventDefault();
      }}
      closeOnInteractOutside={!busy}
      initialFocusEl={initialFocusRef ? () => initialFocusRef.current : undefined}
      lazyMount
      unmountOnExit
    >
      <DialogSurface classes={classes} title={title} headerActions={headerActions} busy={busy} footer={footer}>
        {children}
      </DialogSurface>
    </ArkDialog.Root>
  );
}

type SurfaceClasses = Record<'backdrop' | 'positioner' | 'content' | 'header' | 'title' | 'body' | 'footer', string>;

/** What the modal dialog and the drawer (Drawer.tsx) render inside their Root; only their recipe differs. */
export function DialogSurface(props: {
  classes: SurfaceClasses;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  headerActions?: ReactNode;
  busy?: boolean;
}) {
  const { classes, title, children, footer, headerActions, busy = false } = props;
  return (
    <Portal>
      <ArkDialog.Backdrop className={classes.backdrop} />
      <ArkDialog.Positioner className={classes.positioner}>
        <ArkDialog.Content className={classes.content} aria-busy={busy || undefined}>
          <div className={classes.header}>
            <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
            {headerActions}
            <ArkDialog.CloseTrigger className={iconButton()} aria-label="Close" disabled={busy}>
              <Icon name="close" />
            </ArkDialog.CloseTrigger>
          </div>
          <div className={classes.body}>{children}</div>
          {footer && <div className={classes.footer}>{footer}</div>}
        </ArkDialog.Content>
      </ArkDialog.Positioner>
    </Portal>
  );
}
