/**
 * The 'More options' menu of another user's profile: 'Block', which says what blocking does before it
 * happens, then POST /profile/@{username}/block. On success it calls `onBlocked` (the profile is 404 from then
 * on, so the page shows its "You blocked …" state instead of reloading); a refusal stays in the dialog.
 */
import { Menu } from '@ark-ui/react/menu';
import { useState } from 'react';
import { cx } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { BLOCK_FAILED, blockUser } from '../../stores/relationships.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { menuContentClass, menuDangerClass, menuItemClass } from '../../ui/menu-styles.ts';

type Props = { username: string; onBlocked: () => void; className?: string };

export function BlockMenu({ username, onBlocked, className }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmBlock() {
    setBusy(true);
    setError(null);
    try {
      await blockUser(username);
      setConfirming(false);
      onBlocked();
    } catch (err) {
      setError(serverMessageOf(err) ?? BLOCK_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
        onSelect={(d) => {
          if (d.value !== 'block') return;
          setError(null);
          setConfirming(true);
        }}
      >
        <Menu.Trigger className={cx(iconButton(), className)} aria-label="More options">
          <Icon name="more" />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={menuContentClass}>
            <Menu.Item value="block" className={cx(menuItemClass, menuDangerClass)}>
              <Icon name="block" />
              Block {username}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${username}?`}
        confirmLabel="Block"
        busyLabel="Blocking..."
        busy={busy}
        onConfirm={() => void confirmBlock()}
      >
        <p>
          They won't be able to find you, see your posts or contact you, and you won't see theirs. It also ends your friendship and any
          follows between you. They won't be notified.
        </p>
        <p>You can unblock them any time from your profile.</p>
        {error && <Alert>{error}</Alert>}
      </ConfirmDialog>
    </>
  );
}
