/**
 * The feed's empty state (spec §2): 'No posts yet' and 'Be the first to share something!'; a filtered feed says
 * no posts match and offers the whole feed.
 */
import { css } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
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

export function FeedEmpty({ filtered = false }: { filtered?: boolean }) {
  return (
    <section className={`${card()} ${boxClass}`} aria-label="No posts">
      <Icon name="camera" className={iconClass} />
      <h2 className={titleClass}>No posts yet</h2>
      <p className={css({ color: 'fg.muted' })}>
        {filtered ? 'No posts about these games yet. Tag your next upload with one!' : 'Be the first to share something!'}
      </p>
    </section>
  );
}
