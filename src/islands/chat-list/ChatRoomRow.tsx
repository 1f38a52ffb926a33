/**
 * One room of the chats list (spec §2 "Chats list"): picture, name, muted icon, time, last message and unread
 * badge (hidden when muted), the whole row a link to the room; beside it the Mute/Unmute button, which is
 * outside the link (a button inside a link is not allowed) but sits on the same row.
 */
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { countBadge, iconButton } from '../../../styled-system/recipes';
import { pictureUrl } from '../../client/pictures.ts';
import type { ChatRoomSummary } from '../../shared/chat-types.ts';
import { toggleMute } from '../../stores/chat/chat-rooms.ts';
import { toast } from '../../stores/toasts.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Time } from '../../ui/Time.tsx';
import { lastMessagePreview } from '../../shared/chat-preview.ts';
import { unreadText } from './format.ts';
import { chatPath } from '../../shared/paths.ts';

const rowClass = css({ display: 'flex', alignItems: 'center', gap: '1', pr: '2', _hover: { bg: 'bg.subtle' } });
const linkClass = css({
  flex: '1',
  minW: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  pl: { base: '3', sm: '4' },
  pr: '1',
  py: '3',
  color: 'inherit',
  textDecoration: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px', borderRadius: 'md' },
});
const groupPictureClass = css({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  width: '10',
  height: '10',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.text',
  '& svg': { width: '6', height: '6' },
});
const textClass = css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column', gap: '0.5' });
const lineClass = css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' });
const nameClass = css({ fontWeight: 'semibold', truncate: true });
const mutedIconClass = css({ flexShrink: 0, width: '4', height: '4', color: 'fg.muted' });
const timeClass = css({ ml: 'auto', flexShrink: 0, fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });
const previewClass = css({
  flex: '1',
  minW: '0',
  fontSize: 'sm',
  color: 'fg.muted',
  truncate: true,
  '&[data-unread]': { color: 'fg.default', fontWeight: 'medium' },
});
const srOnly = css({ srOnly: true });
// The icon shows the room's state (bell: notified; crossed out: muted); the name says what a press does.
const muteButtonClass = cx(iconButton(), css({ '&[data-muted]': { color: 'primary.text', bg: 'primary.subtle' } }));

type Props = { room: ChatRoomSummary; myName: string | null };

export function ChatRoomRow({ room, myName }: Props) {
  const [busy, setBusy] = useState(false);
  const unread = unreadText(room);
  const muteLabel = `${room.muted ? 'Unmute' : 'Mute'} ${room.name}`;

  async function onToggleMute() {
    setBusy(true);
    const error = await toggleMute(room.id);
    setBusy(false);
    if (error) toast.error(error);
  }

  return (
    <div className={rowClass}>
      <a className={linkClass} href={chatPath(room.id)}>
        {room.is_group ? (
          <span className={groupPictureClass}>
            <Icon name={room.community ? 'hash' : 'community'} />
          </span>
        ) : (
          <Avatar src={pictureUrl(room.name)} size="md" />
        )}
        <span className={textClass}>
          <span className={lineClass}>
            <span className={nameClass}>{room.name}</span>
            {room.muted && (
              <>
                <Icon name="bellOff" className={mutedIconClass} />
                <span className={srOnly}>(muted)</span>
              </>
            )}
            <Time className={timeClass} iso={room.timestamp} format="chat" />
          </span>
          <span className={lineClass}>
            <span className={previewClass} data-unread={unread ? '' : undefined}>
              {lastMessagePreview(room, myName)}
            </span>
            {unread && (
              <span className={countBadge()} data-testid="room-unread">
                {unread}
                <span className={srOnly}> unread</span>
              </span>
            )}
          </span>
        </span>
      </a>
      <button
        type="button"
        className={muteButtonClass}
        aria-label={muteLabel}
        title={muteLabel}
        data-muted={room.muted ? '' : undefined}
        disabled={busy}
        onClick={() => void onToggleMute()}
      >
        <Icon name={room.muted ? 'bellOff' : 'bell'} />
      </button>
    </div>
  );
}
