/**
 * The game a post is tagged with, as a link to its page (post cards, the post modal, the phone Posts view).
 * Renders nothing for an untagged post.
 */
import { css, cx } from '../../../styled-system/css';
import type { MediaItem } from '../../shared/api-types.ts';
import { Icon } from '../../ui/Icon.tsx';

const linkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  alignSelf: 'flex-start',
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

export function GameLink({ post, className }: { post: MediaItem; className?: string }) {
  const game = post.game;
  if (!game) return null;
  return (
    <a className={cx(linkClass, className)} href={`/games/${encodeURIComponent(game.slug)}`} aria-label={`Game: ${game.name}`}>
      <Icon name="gamepad" />
      {game.name}
    </a>
  );
}
