/**
 * NOTE: the one not-found state: a user, game, chat, post, community, invite or looking-for-group post that does not
 * exist for the viewer. Rules for callers:
 * - Astro pages render it without a client directive (plain HTML, no script) after setting a 404 status; islands
 *   render `NotFoundOnDemand` (not-found-on-demand.tsx) when the API answers 404 (a check the page could not
 *   make, or something gone meanwhile), so its code loads only then.
 * - The words never say why (unknown, blocked, removed, not a member): the API's 404 does not either.
 * - `level` is its heading's: 2 or 3 where the page already has its <h1> (a post on one's profile); `name` is the
 *   username asked for.
 */
import { css, cx } from '../../styled-system/css';
import { button } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';
import type { IconName } from './icons.ts';

export type NotFoundKind = 'user' | 'game' | 'chat' | 'post' | 'community' | 'invite' | 'group';

type Words = { title: string; line: string; icon: IconName; back: { label: string; icon: IconName; href: (name?: string) => string } };

const toFeed = { label: 'Back to feed', icon: 'feed', href: () => '/feed' } as const;

const WORDS: Record<NotFoundKind, Words> = {
  user: {
    title: 'User not found',
    line: 'There is no user by that name.',
    icon: 'profile',
    back: { label: 'Search for users', icon: 'search', href: (name) => (name ? `/search?q=${encodeURIComponent(name)}` : '/search') },
  },
  game: {
    title: 'Game not found',
    line: 'There is no game at this address.',
    icon: 'gamepad',
    back: { label: 'Browse games', icon: 'gamepad', href: () => '/games' },
  },
  chat: {
    title: 'Chat not found',
    line: 'This chat does not exist, or you are not in it.',
    icon: 'chats',
    back: { label: 'Back to chats', icon: 'chats', href: () => '/chats' },
  },
  community: {
    title: 'Community not found',
    line: 'This community does not exist, or you cannot see it.',
    icon: 'community',
    back: { label: 'Browse communities', icon: 'community', href: () => '/communities' },
  },
  invite: {
    title: 'Invite not found',
    line: 'This invite link is wrong, used up or expired. Ask for a new one.',
    icon: 'community',
    back: { label: 'Browse communities', icon: 'community', href: () => '/communities' },
  },
  group: {
    title: 'Group not found',
    line: 'This group has ended, was closed, or you cannot see it.',
    icon: 'gamepad',
    back: { label: 'Looking for group', icon: 'gamepad', href: () => '/lfg' },
  },
  post: { title: 'Post not found', line: 'This post was removed, or you cannot see it.', icon: 'image', back: toFeed },
};

const boxClass = css({ display: 'grid', justifyItems: 'center', gap: '4', px: '4', textAlign: 'center' });
const pageBox = css({ py: { base: '10', md: '16' } });
// Inside a page that has its own heading (usually in a card, which pads it already).
const innerBox = css({ py: { base: '2', md: '4' } });
const badgeClass = css({
  display: 'grid',
  placeItems: 'center',
  w: '16',
  h: '16',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.text',
  '& svg': { w: '8', h: '8' },
});
const titleClass = css({ fontWeight: 'bold', lineHeight: '1.2', overflowWrap: 'anywhere' });
const bigTitle = css({ fontSize: { base: '2xl', md: '3xl' } });
const smallTitle = css({ fontSize: { base: 'xl', md: '2xl' } });
const lineClass = css({ color: 'fg.muted', maxW: 'md', overflowWrap: 'anywhere', textWrap: 'balance' });
const nameClass = css({ color: 'fg.default', fontWeight: 'semibold' });

export type NotFoundProps = { kind: NotFoundKind; name?: string; level?: 1 | 2 | 3; className?: string };

export function NotFound({ kind, name, level = 1, className }: NotFoundProps) {
  const words = WORDS[kind];
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1]!;
  const id = `not-found-${kind}`;
  return (
    <section className={cx(boxClass, level === 1 ? pageBox : innerBox, className)} aria-labelledby={id}>
      <span className={badgeClass}>
        <Icon name={words.icon} />
      </span>
      <Heading id={id} className={cx(titleClass, level === 1 ? bigTitle : smallTitle)}>
        {words.title}
      </Heading>
      <p className={lineClass}>
        {kind === 'user' && name ? (
          <>
            There is no user named <strong className={nameClass}>{name}</strong>.
          </>
        ) : (
          words.line
        )}
      </p>
      <a className={button({ variant: 'outline' })} href={words.back.href(name)}>
        <Icon name={words.back.icon} />
        {words.back.label}
      </a>
    </section>
  );
}
