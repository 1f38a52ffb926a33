/**
 * The room's top bar (spec §2 "Chat room"): 'Back to chats', the room name as the page heading (live: a rename
 * shows at once), who is in a group, a 'Muted' mark, and the room's controls once it has loaded: a Mute/Unmute
 * button in the same place for every room, then the group menu for groups or the chat menu (Leave Chat). A
 * community's channel names its community instead of people (a link to it) and has no menu: it is managed there.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { toggleMute } from '../../stores/chat/chat-room-actions.ts';
import { CHATS_PATH } from '../../stores/chat/chat-room-events.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { communityPath } from '../../shared/paths.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { DirectMenu } from './DirectMenu.tsx';
import { GroupMenu } from './GroupMenu.tsx';

const barClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '2', sm: '3' },
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
});
const titleBoxClass = css({ flex: '1', minW: '0' });
const titleClass = css({
  fontSize: { base: 'lg', sm: 'xl' },
  fontWeight: 'bold',
  lineHeight: '1.3',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const subtitleClass = css({ fontSize: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const communityLinkClass = css({ color: 'primary.text', fontWeight: 'medium', _hover: { textDecoration: 'underline' } });

export function MuteButton({ muted }: { muted: boolean }) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    const problem = await toggleMute();
    setBusy(false);
    if (problem) toast.error(problem);
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void toggle()} disabled={busy}>
      {muted ? 'Unmute' : 'Mute'}
    </Button>
  );
}

function peopleLine(names: string[], muted: boolean): string {
  const people = names.length > 0 ? `${names.length + 1} people: you, ${names.join(', ')}` : 'Only you';
  return muted ? `Muted · ${people}` : people;
}

export function RoomHeader({ me }: { me: { id: number } }) {
  const room = useStore($chatRoom);
  const others = room.participants.filter((p) => p.id !== me.id).map((p) => p.username);
  const ready = room.status === 'ready';
  return (
    <header className={barClass}>
      <a href={CHATS_PATH} className={iconButton()} aria-label="Back to chats">
        <Icon name="arrowBack" />
      </a>
      <div className={titleBoxClass}>
        <h1 className={titleClass}>{ready ? (room.community ? `# ${room.name}` : room.name) : 'Chat'}</h1>
        {ready && room.community && (
          <p className={subtitleClass}>
            {room.muted && 'Muted · '}
            Channel of{' '}
            <a className={communityLinkClass} href={communityPath(room.community.slug)}>
              {room.community.name}
            </a>
          </p>
        )}
        {ready && room.isGroup && !room.community && <p className={subtitleClass}>{peopleLine(others, room.muted)}</p>}
        {ready && !room.isGroup && room.muted && <p className={subtitleClass}>Muted</p>}
      </div>
      {ready && (
        <>
          <MuteButton muted={room.muted} />
          {room.community ? null : room.isGroup ? <GroupMenu me={me} /> : <DirectMenu />}
        </>
      )}
    </header>
  );
}
