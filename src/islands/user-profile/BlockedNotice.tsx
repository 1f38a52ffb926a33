/**
 * What another user's profile shows right after the viewer blocked them (their profile is 404 from then on):
 * "You blocked {username}", what that means, 'Unblock' (which brings the profile back) and a way on to the
 * feed. The heading takes focus, since the menu that opened the block is gone.
 */
import { useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { UNBLOCK_FAILED, unblockUser } from '../../stores/social/relationships.ts';
import { toast } from '../../stores/toasts.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';

const noticeClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', textAlign: 'center', py: '10' });
const titleClass = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  lineHeight: '1.2',
  overflowWrap: 'anywhere',
  outline: 'none',
});
const textClass = css({ maxW: 'md', color: 'fg.muted' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '2' });

export function BlockedNotice({ username, onUnblocked }: { username: string; onUnblocked: () => void }) {
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  async function unblock() {
    setBusy(true);
    try {
      await unblockUser(username);
      toast.success(`${username} is unblocked`);
      onUnblocked();
    } catch (err) {
      toast.error(serverMessageOf(err) ?? UNBLOCK_FAILED);
      setBusy(false);
    }
  }

  return (
    <section className={noticeClass} aria-labelledby="blocked-title">
      <Avatar src={null} size="lg" />
      <h1 id="blocked-title" ref={heading} tabIndex={-1} className={titleClass}>
        You blocked {username}
      </h1>
      <p className={textClass}>They can't find you, see your posts or contact you, and you won't see theirs.</p>
      <div className={actionsClass}>
        <Button variant="outline" onClick={() => void unblock()} disabled={busy} aria-busy={busy}>
          {busy ? 'Unblocking...' : 'Unblock'}
        </Button>
        <a className={button()} href="/feed">
          <Icon name="feed" />
          Go to feed
        </a>
      </div>
    </section>
  );
}
