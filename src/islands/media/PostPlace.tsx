/**
 * Where a post belongs, as links: the game it is tagged with and the community it was shared into (post cards, the
 * post modal, the phone Posts view). Renders nothing for a post with neither.
 */
import { css, cx } from '../../../styled-system/css';
import type { MediaItem } from '../../shared/api-types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { communityPath } from '../../shared/paths.ts';

const rowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '4',
  rowGap: '1',
  alignSelf: 'flex-start',
  maxW: 'full',
});
const linkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  maxW: 'full',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'primary.text',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { width: '4', height: '4', flexShrink: 0 },
});

export function PostPlace({ post, className }: { post: MediaItem; className?: string }) {
  const { game, community } = post;
  if (!game && !community) return null;
  return (
    <span className={cx(rowClass, className)}>
      {game && (
        <a className={linkClass} href={`/games/${encodeURIComponent(game.slug)}`} aria-label={`Game: ${game.name}`}>
          <Icon name="gamepad" />
          {game.name}
        </a>
      )}
      {community && (
        <a className={linkClass} href={communityPath(community.slug)} aria-label={`Community: ${community.name}`}>
          <Icon name="community" />
          {community.name}
        </a>
      )}
    </span>
  );
}
