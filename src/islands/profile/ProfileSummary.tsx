/**
 * The own profile's summary card: the picture (a button that opens 'Update Profile Picture'), the username and
 * the Friends, Followers and Following counts, each a button that opens its list.
 */
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { pictureUrl } from '../../client/pictures.ts';
import type { ProfileState } from '../../stores/profiles/profile.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Icon } from '../../ui/Icon.tsx';

export type PeopleList = 'friends' | 'followers' | 'following';

const cardClass = cx(card(), css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', textAlign: 'center' }));
const pictureButtonClass = css({
  position: 'relative',
  display: 'grid', // no inline baseline gap under the picture
  borderWidth: '0',
  p: '0',
  bg: 'transparent',
  borderRadius: 'full',
  cursor: 'pointer',
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '3px' },
  '&:hover [data-badge]': { bg: 'primary.solidHover' },
});
const badgeClass = css({
  position: 'absolute',
  right: '1',
  bottom: '1',
  display: 'grid',
  placeItems: 'center',
  width: '9',
  height: '9',
  borderRadius: 'full',
  bg: 'primary.solid',
  color: 'primary.contrast',
  borderWidth: '3px',
  borderColor: 'bg.surface',
  transition: 'background-color 150ms',
  '& svg': { width: '4', height: '4' },
});
const nameClass = css({ fontSize: 'xl', fontWeight: 'bold', overflowWrap: 'anywhere' });
const statsClass = css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '2', width: 'full' });
const statClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '0.5',
  py: '3',
  px: '1',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  cursor: 'pointer',
  transition: 'border-color 150ms, background-color 150ms',
  _hover: { borderColor: 'primary.text', bg: 'primary.subtle' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const countClass = css({ fontSize: 'xl', fontWeight: 'bold', lineHeight: '1.2' });
const statLabelClass = css({ fontSize: 'sm', color: 'fg.muted' });

const STATS: Array<{ list: PeopleList; label: string; count: (p: ProfileState) => number }> = [
  { list: 'friends', label: 'Friends', count: (p) => p.friendsCount },
  { list: 'followers', label: 'Followers', count: (p) => p.followersCount },
  { list: 'following', label: 'Following', count: (p) => p.followingCount },
];

type Props = { profile: ProfileState; onChangePicture: () => void; onOpenList: (list: PeopleList) => void };

export function ProfileSummary({ profile, onChangePicture, onOpenList }: Props) {
  const src = profile.hasPicture ? pictureUrl(null, profile.pictureVersion ?? undefined) : null;
  return (
    <section className={cardClass} aria-label="Profile summary">
      <button type="button" className={pictureButtonClass} onClick={onChangePicture} aria-label="Change profile picture">
        <Avatar src={src} size="xl" alt="" />
        <span className={badgeClass} data-badge aria-hidden="true">
          <Icon name="camera" />
        </span>
      </button>
      <p className={nameClass}>{profile.username}</p>
      <div className={statsClass}>
        {STATS.map((stat) => (
          <button key={stat.list} type="button" className={statClass} onClick={() => onOpenList(stat.list)}>
            <span className={countClass}>{stat.count(profile)}</span>
            <span className={statLabelClass}>{stat.label}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
