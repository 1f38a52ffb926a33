/**
 * The 'Delete account' danger card of the account screen. Its dialog (DeleteAccountDialog.tsx) loads on first
 * open, so the page does not ship Ark's dialog for a button most people never press.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';
import type { DeleteAccountDialogProps } from './DeleteAccountDialog.tsx';

const cardClass = css({ borderWidth: '1px', borderColor: 'secondary.text' });
const titleClass = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2', color: 'secondary.text' });
const textClass = css({ color: 'fg.muted', fontSize: 'sm', mb: '4' });
const DeleteAccountDialog = lazyOnOpen<DeleteAccountDialogProps>(() => import('./DeleteAccountDialog.tsx').then((m) => m.default));

export default function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <section className={`${card()} ${cardClass}`} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={titleClass}>
        Delete account
      </h2>
      <p className={textClass}>Remove your account and everything you have shared. You may want to download your data first.</p>
      <Button palette="secondary" onClick={() => setOpen(true)}>
        <Icon name="trash" />
        Delete account
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
