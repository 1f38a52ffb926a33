/**
 * The feed's empty state (spec §2): 'No posts yet' and 'Be the first to share something!'; a filtered feed says
 * what would fill it.
 */
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import type { FeedFilter } from '../../stores/media/feed.ts';
import { Icon } from '../../ui/Icon.tsx';

const boxClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  textAlign: 'center',
  py: '12',
});
const iconClass = css({ width: '12', height: '12', color: 'fg.muted', mb: '2' });
const titleClass = css({ fontSize: 'xl', fontWeight: 'semibold' });

const LINES: Record<FeedFilter['kind'], string> = {
  all: 'Be the first to share something!',
  'my-games': 'No posts about these games yet. Tag your next upload with one!',
  game: 'No posts about these games yet. Tag your next upload with one!',
  communities: 'No posts in your communities yet. Join one, or share the first post in yours!',
};

export function FeedEmpty({ filter = 'all' }: { filter?: FeedFilter['kind'] }) {
  return (
    <section className={`${card()} ${boxClass}`} aria-label="No posts">
      <Icon name="camera" className={iconClass} />
      <h2 className={titleClass}>No posts yet</h2>
      <p className={css({ color: 'fg.muted' })}>{LINES[filter]}</p>
    </section>
  );
}
