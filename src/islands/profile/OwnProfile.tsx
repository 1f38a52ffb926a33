/**
 * The own profile page's island (spec §2 "Own profile", §4 "Profile"): summary (picture, counts), Bio and
 * Platforms and Games with their edit dialogs, the people lists, the 'Blocked users' list and the 'User Media' grid
 * (src/islands/media). The title and Sign out button are server-rendered by src/pages/profile/index.astro. Loads the profile on mount; a failed first load offers a retry.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { PLATFORMS } from '../../shared/profile-values.ts';
import { $profile, fetchFriends, fetchProfile, handleOf } from '../../stores/profiles/profile.ts';
import { onServerEvent } from '../../stores/socket.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ProfileGameList } from '../games/ProfileGameList.tsx';
import { UserMedia } from '../media/UserMedia.tsx';
import type { Person } from './PeopleDialog.tsx';
import { type PeopleList, ProfileSummary } from './ProfileSummary.tsx';
import { BioText } from './BioText.tsx';
import { SectionCard } from './SectionCard.tsx';
import { visibilityHint } from './visibility-labels.ts';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const PeopleDialog = lazyOnOpen(() => import('./PeopleDialog.tsx').then((m) => m.PeopleDialog));
const BioDialog = lazyOnOpen(() => import('./BioDialog.tsx').then((m) => m.BioDialog));
const BlockedUsersDialog = lazyOnOpen(() => import('./BlockedUsersDialog.tsx').then((m) => m.BlockedUsersDialog));
const PictureDialog = lazyOnOpen(() => import('./PictureDialog.tsx').then((m) => m.PictureDialog));
const PlatformsDialog = lazyOnOpen(() => import('./PlatformsDialog.tsx').then((m) => m.PlatformsDialog));
const GamesDialog = lazyOnOpen(() => import('./GamesDialog.tsx').then((m) => m.GamesDialog));

type Open = 'picture' | 'bio' | 'platforms' | 'games' | 'blocked' | PeopleList | null;

const LISTS = {
  friends: { title: 'Friends', empty: 'No friends yet' },
  followers: { title: 'Followers', empty: 'No followers yet' },
  following: { title: 'Following', empty: 'No following yet' },
} as const;

// Desktop: summary and Blocked users on the left, the rest on the right; phones: Blocked users last, after the media.
const layoutClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '20rem 1fr' },
  gridTemplateRows: { md: 'auto 1fr' },
  gridTemplateAreas: { base: '"summary" "main" "safety"', md: '"summary main" "safety main"' },
  alignItems: 'start',
  gap: { base: '4', md: '6' },
});
const summaryArea = css({ gridArea: 'summary' });
const mainArea = css({ gridArea: 'main' });
const safetyArea = css({ gridArea: 'safety' });
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '16' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', maxW: 'lg' });
const bioClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const hintClass = css({ fontSize: 'xs', fontWeight: 'normal', color: 'fg.muted', whiteSpace: 'nowrap' });
const mutedClass = css({ color: 'fg.muted' });
const blockedTextClass = css({ color: 'fg.muted', fontSize: 'sm', mb: '3' });
const handlesClass = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '6', rowGap: '2', m: '0' });
const handleLabelClass = css({ color: 'fg.muted', fontWeight: 'medium' });
const handleValueClass = css({ m: '0', overflowWrap: 'anywhere', fontWeight: 'medium' });

/** `openPost`: a post of yours to open at once (`/profile?post=`, where like and comment notifications lead). */
export default function OwnProfile({ openPost = null }: { openPost?: number | null }) {
  const profile = useStore($profile);
  const [open, setOpen] = useState<Open>(null);
  const [friends, setFriends] = useState<{ people: Person[] | null; error: string | null }>({ people: null, error: null });

  useEffect(() => {
    void fetchProfile();
  }, []);
  // Someone followed, unfollowed, befriended or unfriended you (ADR 045): your counts and lists refresh in place.
  useEffect(() => onServerEvent('relationship_changed', () => void fetchProfile()), []);

  function openList(list: PeopleList) {
    setOpen(list);
    if (list !== 'friends') return;
    setFriends({ people: null, error: null });
    fetchFriends().then(
      (list) => setFriends({ people: list.map((f) => ({ id: f.friend_id, username: f.username })), error: null }),
      (err: unknown) => setFriends({ people: [], error: serverMessageOf(err) ?? 'Failed to load friends' }),
    );
  }

  const onOpenChange = (which: Open) => (isOpen: boolean) => setOpen(isOpen ? which : null);

  if (!profile.loaded) {
    if (profile.error)
      return (
        <div className={errorClass}>
          <Alert>{profile.error}</Alert>
          <Button variant="outline" onClick={() => void fetchProfile()} disabled={profile.loading}>
            Try again
          </Button>
        </div>
      );
    return (
      <div className={centerClass}>
        <Spinner label="Loading profile" />
      </div>
    );
  }

  const handles = PLATFORMS.map((p) => ({ platform: p, handle: handleOf(profile, p) })).filter((h) => h.handle);
  const people = (list: PeopleList): Person[] | null =>
    list === 'friends' ? friends.people : profile[list].map((p) => ({ id: p.user_id, username: p.username }));

  return (
    <>
      {profile.error && (
        <div className={errorClass}>
          <Alert>{profile.error}</Alert>
          <Button variant="outline" size="sm" onClick={() => void fetchProfile()} disabled={profile.loading}>
            Try again
          </Button>
        </div>
      )}
      <div className={layoutClass}>
        <div className={summaryArea}>
          <ProfileSummary profile={profile} onChangePicture={() => setOpen('picture')} onOpenList={openList} />
        </div>
        <div className={safetyArea}>
          <SectionCard title="Blocked users">
            <p className={blockedTextClass}>People you block can't find you, see your posts or contact you.</p>
            <Button variant="outline" size="sm" onClick={() => setOpen('blocked')}>
              View blocked users
            </Button>
          </SectionCard>
        </div>
        <div className={cx(columnClass, mainArea)}>
          <SectionCard title="Bio" editLabel="Edit bio" onEdit={() => setOpen('bio')}>
            {profile.bio ? <BioText bio={profile.bio} className={bioClass} /> : <p className={mutedClass}>No bio added yet</p>}
          </SectionCard>
          <SectionCard title="Platforms" editLabel="Edit platforms" onEdit={() => setOpen('platforms')}>
            {handles.length === 0 ? (
              <p className={mutedClass}>No platforms connected yet</p>
            ) : (
              <dl className={handlesClass}>
                {handles.map(({ platform, handle }) => (
                  <div key={platform.id} className={css({ display: 'contents' })}>
                    <dt className={handleLabelClass}>{platform.label}</dt>
                    <dd className={handleValueClass}>
                      {handle}
                      {visibilityHint(profile.handleVisibility[platform.id]) && (
                        <span className={hintClass}> · {visibilityHint(profile.handleVisibility[platform.id])}</span>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </SectionCard>
          <SectionCard title="Games" editLabel="Edit games" onEdit={() => setOpen('games')}>
            <ProfileGameList games={profile.games} empty="No games added yet" label="Your games" />
          </SectionCard>
          <UserMedia username={profile.username} viewer={profile.username} openPost={openPost} />
        </div>
      </div>

      <PictureDialog open={open === 'picture'} onOpenChange={onOpenChange('picture')} />
      <BioDialog open={open === 'bio'} onOpenChange={onOpenChange('bio')} />
      <PlatformsDialog open={open === 'platforms'} onOpenChange={onOpenChange('platforms')} />
      <GamesDialog open={open === 'games'} onOpenChange={onOpenChange('games')} />
      <BlockedUsersDialog open={open === 'blocked'} onOpenChange={onOpenChange('blocked')} />
      {(Object.keys(LISTS) as PeopleList[]).map((list) => (
        <PeopleDialog
          key={list}
          open={open === list}
          onOpenChange={onOpenChange(list)}
          title={LISTS[list].title}
          emptyText={LISTS[list].empty}
          people={people(list)}
          error={list === 'friends' ? friends.error : null}
          total={list === 'friends' ? undefined : profile[`${list}Count`]}
        />
      ))}
    </>
  );
}
