/**
 * NOTE: another user's profile, /profile/{username} (spec §2, §4 "Friendship status", §8). The page has
 * already sent the viewer's own username to /profile; `viewerId` is the signed-in user's id (the page knows
 * it), which decides who sent a pending request; `viewerName` their username (owner-only post menus). The
 * profile refreshes itself when a friend request notification about this person arrives or one is withdrawn,
 * so Accept/Reject (or the end of 'Request Sent') shows live. After the viewer blocks this person the page
 * shows "You blocked …" with Unblock (their profile is 404 from then on: a later visit shows not-found).
 */
import { useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { pictureUrl } from '../../client/pictures.ts';
import type { OtherProfileResponse } from '../../shared/api-types.ts';
import { onServerEvent } from '../../stores/socket.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { onDemand, useOnDemand } from '../../ui/on-demand.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { UserMedia } from '../media/UserMedia.tsx';
import { BlockMenu } from './BlockMenu.tsx';
import { FollowButton } from './FollowButton.tsx';
import { MessageButton } from './MessageButton.tsx';
import { FriendAction } from './FriendAction.tsx';
import { AboutSection, GamesSection, GamingSection, SocialSection } from './sections.tsx';
import { useOtherProfile } from './use-other-profile.ts';
import { chipClass } from '../../ui/chip-styles.ts';

// Shown only right after the viewer blocks this person: its code loads then.
const blockedNotice = onDemand(() => import('./BlockedNotice.tsx').then((m) => m.BlockedNotice));

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const headerClass = css({
  position: 'relative',
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: 'center',
  gap: { base: '4', sm: '6' },
  textAlign: { base: 'center', sm: 'left' },
});
const identityClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minW: '0',
  alignItems: { base: 'center', sm: 'flex-start' },
  // Room for the options menu in the card's corner.
  pr: { base: '0', sm: '10' },
});
const menuClass = css({ position: 'absolute', top: '3', right: '3' });
const nameClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2', overflowWrap: 'anywhere' });
const chipsClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: { base: 'center', sm: 'flex-start' },
  _empty: { display: 'none' },
});
// Phones: one full-width column, so two or three buttons line up instead of wrapping raggedly.
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: '2',
  width: { base: 'full', sm: 'auto' },
  maxW: { base: 'xs', sm: 'none' },
});
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: { base: '4', md: '6' },
});
const fullRow = css({ gridColumn: '1 / -1' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '16' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4' });

function ProfileView({
  profile,
  viewerId,
  viewerName,
  patch,
  refresh,
  onBlocked,
}: {
  profile: OtherProfileResponse;
  viewerId: number;
  viewerName: string;
  patch: (c: Partial<OtherProfileResponse>) => void;
  refresh: () => void;
  onBlocked: () => void;
}) {
  return (
    <div className={pageClass}>
      <section className={cx(card({ padding: 'lg' }), headerClass)} aria-label="Profile">
        <BlockMenu userId={profile.user_id} username={profile.username} onBlocked={onBlocked} className={menuClass} />
        <Avatar src={profile.has_picture ? pictureUrl(profile.username) : null} size="xl" alt={`${profile.username}'s profile picture`} />
        <div className={identityClass}>
          <h1 className={nameClass}>{profile.username}</h1>
          <p className={chipsClass}>
            {profile.friendship_status === 'accepted' && (
              <span className={chipClass}>
                <Icon name="check" />
                Friends
              </span>
            )}
            {profile.follows_you && <span className={chipClass}>Follows you</span>}
          </p>
          <div className={actionsClass}>
            {profile.friendship_status === 'accepted' && <MessageButton userId={profile.user_id} />}
            <FriendAction profile={profile} viewerId={viewerId} patch={patch} refresh={refresh} />
            <FollowButton profile={profile} patch={patch} />
          </div>
        </div>
      </section>
      <div className={gridClass}>
        <AboutSection bio={profile.bio} className={fullRow} />
        <GamesSection profile={profile} className={fullRow} />
        <GamingSection profile={profile} />
        <SocialSection profile={profile} />
        <UserMedia username={profile.username} userId={profile.user_id} viewer={viewerName} className={fullRow} />
      </div>
    </div>
  );
}

export default function UserProfile({ username, viewerId, viewerName }: { username: string; viewerId: number; viewerName: string }) {
  const { state, reload, patch } = useOtherProfile(username);
  const [blocked, setBlocked] = useState(false);
  const afterBlock = () => {
    setBlocked(false);
    void reload();
  };
  // The block itself is done: should the notice fail to load, the profile reloads (a 404, the not-found state).
  const BlockedNotice = useOnDemand(blockedNotice, blocked, afterBlock);

  useEffect(
    () =>
      onServerEvent('notification', (n) => {
        const about = [n.data.sender_username, n.data.receiver_username].some((u) => u?.toLowerCase() === username.toLowerCase());
        if (about && (n.type === 'friend_request' || n.type === 'friend_request_accepted')) void reload({ quiet: true });
      }),
    [username, reload],
  );
  // A withdrawn request removes its notification; the Accept/Reject it offered must go too.
  useEffect(() => onServerEvent('notification_removed', () => void reload({ quiet: true })), [reload]);

  if (blocked && BlockedNotice) return <BlockedNotice username={username} onUnblocked={afterBlock} />;
  if (blocked || state.status === 'loading') {
    return (
      <div className={centreClass}>
        <Spinner label="Loading profile" />
      </div>
    );
  }
  if (state.status === 'not-found') {
    return <NotFoundOnDemand kind="user" name={username} />;
  }
  if (state.status === 'error') {
    return (
      <div className={errorClass}>
        <h1 className={nameClass}>{username}</h1>
        <Alert>{state.message}</Alert>
        <Button variant="outline" onClick={() => void reload()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <ProfileView
      profile={state.profile}
      viewerId={viewerId}
      viewerName={viewerName}
      patch={patch}
      refresh={() => void reload({ quiet: true })}
      onBlocked={() => setBlocked(true)}
    />
  );
}
