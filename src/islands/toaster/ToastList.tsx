/**
 * NOTE: renders the toasts of src/stores/toasts.ts at the bottom centre (spec §2, §9: 6 seconds). Loaded by the
 * Toaster island on the first toast (it owns Ark UI's toast store and hands it to src/stores/toasts.ts once
 * mounted). Ark positions toasts with inline styles, which the CSP allows only when set from script.
 * Errors are announced assertively (role alert); success and info politely (role status). A toast created
 * with `onClick` shows its text as a button (Ark's action trigger: runs the action, then dismisses).
 */
import { createToaster, Toast, Toaster as ArkToaster } from '@ark-ui/react/toast';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { attachToaster, type ToastKind } from '../../stores/toasts.ts';
import { TOAST_DURATION_MS } from '../../shared/constants.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { IconName } from '../../ui/icons.ts';

const ICON: Record<ToastKind, IconName> = { success: 'check', error: 'alert', info: 'bell' };

const rootClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: 'min(26rem, 100%)',
  minH: '12',
  pl: '4',
  pr: '2',
  py: '2',
  borderRadius: 'lg',
  color: 'white',
  boxShadow: '0 6px 20px rgba(0, 0, 0, 0.28)',
  overflowWrap: 'anywhere',
  // Ark animates through these variables (set from script on each toast).
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  scale: 'var(--scale)',
  translate: 'var(--x) var(--y)',
  zIndex: 'var(--z-index)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, height',
  transitionDuration: '300ms',
  transitionTimingFunction: 'cubic-bezier(0.2, 0, 0, 1)',
  _motionReduce: { transitionDuration: '0ms' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  // White text stays above 4.5:1 on each of these.
  '&[data-type=success]': { bg: '#2e7d32' },
  '&[data-type=error]': { bg: '#c62828' },
  '&[data-type=info]': { bg: 'brand.primaryDark' },
  '& > svg': { width: '5', height: '5', flexShrink: 0 },
});
const titleClass = css({ flex: '1', fontSize: 'sm', fontWeight: 'medium', lineHeight: '1.4', py: '1' });
const actionClass = css({
  display: 'block',
  width: '100%',
  textAlign: 'start',
  font: 'inherit',
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { textDecorationThickness: '2px' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
});
const closeClass = css({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '9',
  height: '9',
  borderRadius: 'full',
  color: 'inherit',
  cursor: 'pointer',
  _hover: { bg: 'rgba(255, 255, 255, 0.16)' },
  _focusVisible: { outline: '2px solid white', outlineOffset: '1px' },
  '& svg': { width: '4.5', height: '4.5' },
});

// Phones stack toasts on top of one another (the newest in front), so they take one toast's height, for which the
// page keeps room (see the global body style). Never lower `max` to get there: Ark's own queue cannot update or
// dismiss a toast waiting in it, which would strand a sticky one.
const phone = typeof matchMedia === 'function' && matchMedia('(max-width: 599.98px)').matches;
const toaster = createToaster({ placement: 'bottom', duration: TOAST_DURATION_MS, max: 4, overlap: phone, gap: 12, offsets: '1rem' });

const kindOf = (type: string | undefined): ToastKind => (type === 'success' || type === 'error' ? type : 'info');

export default function ToastList() {
  // A task after mounting, once Ark's toaster listens to its store, so the toasts queued while this loaded show.
  useEffect(() => {
    const timer = setTimeout(() => attachToaster(toaster));
    return () => clearTimeout(timer);
  }, []);
  return (
    <ArkToaster toaster={toaster} aria-label="Status messages">
      {(t) => {
        const kind = kindOf(t.type);
        return (
          <Toast.Root key={t.id} className={rootClass} role={kind === 'error' ? 'alert' : 'status'}>
            <Icon name={ICON[kind]} />
            <Toast.Title className={titleClass}>
              {t.action ? <Toast.ActionTrigger className={actionClass}>{t.title}</Toast.ActionTrigger> : t.title}
            </Toast.Title>
            <Toast.CloseTrigger className={closeClass} aria-label="Dismiss">
              <Icon name="close" />
            </Toast.CloseTrigger>
          </Toast.Root>
        );
      }}
    </ArkToaster>
  );
}
