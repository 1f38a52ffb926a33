/**
 * NOTE: what the viewer can do with a post, by their place in it: ask to join (with an optional note to the host),
 * withdraw a request, open the party's chat, leave, or (the host) close it. Each call reloads the post; a refusal
 * shows the server's words. Closing asks first.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import type { LfgDetail } from '../../shared/lfg-types.ts';
import { LFG_MESSAGE_MAX } from '../../shared/lfg-values.ts';
import { chatPath } from '../../shared/paths.ts';
import { askToJoin, closeGroup, leaveGroup } from '../../stores/lfg/lfg-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { isRunning } from './lfg-text.ts';

const boxClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const noteClass = css({ color: 'fg.muted' });

export function LfgActions({ post, onChanged }: { post: LfgDetail; onChanged: () => void }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const running = isRunning(post);

  async function run(call: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await call();
      onChanged();
    } catch (err) {
      setError(serverMessageOf(err) ?? 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const chat = post.room_id !== null && (
    <a className={button()} href={chatPath(post.room_id)}>
      <Icon name="chats" />
      Open group chat
    </a>
  );

  return (
    <div className={boxClass}>
      {error && <Alert>{error}</Alert>}
      {post.my_status === 'none' && running && post.status === 'full' && (
        <p className={noteClass}>This group is full. A spot may open up.</p>
      )}
      {post.my_status === 'none' && post.status === 'open' && (
        <form
          className={boxClass}
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => askToJoin(post.id, message));
          }}
        >
          <TextArea
            label="Message to the host (optional)"
            name="message"
            value={message}
            maxLength={LFG_MESSAGE_MAX}
            rows={2}
            placeholder="Your rank, role, when you can play"
            disabled={busy}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div className={rowClass}>
            <Button type="submit" disabled={busy}>
              <Icon name="userPlus" />
              {busy ? 'Asking...' : 'Ask to join'}
            </Button>
          </div>
        </form>
      )}
      {post.my_status === 'requested' && running && (
        <div className={rowClass}>
          <p className={noteClass}>You asked to join. The host will answer soon.</p>
          <Button variant="outline" disabled={busy} onClick={() => void run(() => leaveGroup(post.id))}>
            Withdraw request
          </Button>
        </div>
      )}
      {post.my_status === 'declined' && <p className={noteClass}>The host declined your request for this group.</p>}
      {!running && post.my_status !== 'host' && post.my_status !== 'member' && (
        <p className={noteClass}>This group {post.status === 'closed' ? 'was closed by its host' : 'has ended'}.</p>
      )}
      {post.my_status === 'member' && (
        <div className={rowClass}>
          {chat}
          <Button variant="outline" disabled={busy} onClick={() => void run(() => leaveGroup(post.id))}>
            <Icon name="logout" />
            Leave group
          </Button>
        </div>
      )}
      {post.my_status === 'host' && (
        <div className={rowClass}>
          {chat}
          {running && (
            <Button variant="outline" disabled={busy} onClick={() => setClosing(true)}>
              <Icon name="close" />
              Close group
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={closing}
        onOpenChange={setClosing}
        title="Close this group?"
        confirmLabel="Close group"
        busyLabel="Closing..."
        onConfirm={async () => {
          await closeGroup(post.id);
          onChanged();
          return null;
        }}
      >
        It leaves the board and nobody else can ask to join. Its players are told, and the group chat stays.
      </ConfirmDialog>
    </div>
  );
}
