/**
 * The owner-only three-dot menu of a post (spec §2 "Post modal", §6): 'Post options' opens an Ark UI Menu with
 * Delete, which asks for confirmation, sends DELETE /media/{id} and then reloads the page (spec §4). Render it
 * only for the post's author; the server refuses anyone else anyway (404).
 */
import { Menu } from '@ark-ui/react/menu';
import { useState } from 'react';
import { iconButton } from '../../../styled-system/recipes';
import { cx } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { deletePost } from '../../stores/posts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { menuContentClass, menuDangerClass, menuItemClass } from '../../ui/menu-styles.ts';

export function PostMenu({ postId }: { postId: number }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmDelete() {
    setBusy(true);
    setError(null);
    try {
      await deletePost(postId);
      window.location.reload();
    } catch (err) {
      console.error('Deleting a post failed', err);
      setError(serverMessageOf(err) ?? 'Failed to delete post');
      setBusy(false);
    }
  }

  return (
    <>
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
        onSelect={(d) => d.value === 'delete' && setConfirming(true)}
      >
        <Menu.Trigger className={iconButton()} aria-label="Post options">
          <Icon name="more" />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={menuContentClass}>
            <Menu.Item value="delete" className={cx(menuItemClass, menuDangerClass)}>
              <Icon name="trash" />
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete post?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void confirmDelete()}
      >
        <p>This removes the post, its likes and its comments for everyone. It cannot be undone.</p>
        {error && <Alert>{error}</Alert>}
      </ConfirmDialog>
    </>
  );
}
