/**
 * NOTE: the 'Channels' card of a community's page: its channels, each opening as a chat room for members (with its
 * unread count from the chats list), or their names with 'Join to chat' for those who may look but not talk. Live
 * (use-channels.ts).
 */
import { useStore } from '@nanostores/react';
import { css, cx } from '../../../styled-system/css';
import { card, countBadge } from '../../../styled-system/recipes';
import type { Community } from '../../shared/community-types.ts';
import { $chatRooms } from '../../stores/chat/chat-rooms.ts';
import { chatPath } from '../../shared/paths.ts';
import { Icon } from '../../ui/Icon.tsx';
import { cardListClass } from '../../ui/list-styles.ts';
import { NotReady } from '../../ui/NotReady.tsx';
import { unreadText } from '../chat-list/format.ts';
import { useChannels } from './use-channels.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const rowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '5', sm: '6' },
  py: '2',
  color: 'inherit',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
  '& svg': { w: '4', h: '4', flexShrink: '0', color: 'fg.muted' },
  '&[href]:hover': { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
const nameClass = css({ flex: '1', minW: '0' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });
const srOnly = css({ srOnly: true });

export function CommunityChannels({ community }: { community: Community }) {
  const { state, reload } = useChannels(community.slug);
  const rooms = useStore($chatRooms).rooms;
  const member = community.my_status === 'member';
  const unread = (roomId: number) => {
    const room = rooms.find((r) => r.id === roomId);
    return room ? unreadText(room) : null;
  };
  return (
    <section className={sectionClass} aria-labelledby="community-channels">
      <h2 id="community-channels" className={headingClass}>
        Channels
      </h2>
      {state.status !== 'ready' ? (
        <NotReady state={state} loadingLabel="Loading channels" onRetry={() => void reload()} />
      ) : (
        <ul className={cardListClass} aria-label="Channels">
          {state.value.map((channel) => {
            const count = member ? unread(channel.room_id) : null;
            const inner = (
              <>
                <Icon name="hash" />
                <span className={nameClass}>{channel.name}</span>
                {count && (
                  <span className={countBadge()}>
                    {count}
                    <span className={srOnly}> unread</span>
                  </span>
                )}
              </>
            );
            return (
              <li key={channel.room_id}>
                {member ? (
                  <a className={rowClass} href={chatPath(channel.room_id)}>
                    {inner}
                  </a>
                ) : (
                  <span className={rowClass}>{inner}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!member && <p className={mutedClass}>Join the community to chat in its channels.</p>}
    </section>
  );
}
