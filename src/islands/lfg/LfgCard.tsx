/**
 * NOTE: one post in a list (the board, 'Your groups', a game's or community's section): an <li> whose title links
 * to the post's page (its hit area stretched over the row), with when it starts, the game and platform, the host,
 * the spots left, its tags and the viewer's standing. Put rows in a list styled with `cardListClass`.
 */
import { css } from '../../../styled-system/css';
import type { LfgPost } from '../../shared/lfg-types.ts';
import { lfgPath } from '../../shared/paths.ts';
import { chipClass } from '../../ui/chip-styles.ts';
import { Icon } from '../../ui/Icon.tsx';
import { linkRowClass, rowBodyClass, rowLinkClass, rowMetaClass } from '../../ui/list-styles.ts';
import { Time } from '../../ui/Time.tsx';
import { isRunning, platformText, spotsText, standingText } from './lfg-text.ts';
import { LfgTags } from './LfgTags.tsx';

const rowClass = css({ alignItems: 'flex-start' });
const badgeClass = css({
  display: 'grid',
  placeItems: 'center',
  flexShrink: '0',
  w: '10',
  h: '10',
  borderRadius: 'lg',
  bg: 'primary.subtle',
  color: 'primary.text',
  '& svg': { w: '5', h: '5' },
});
const whenClass = css({ fontWeight: 'semibold', color: 'primary.text' });
const tagsRowClass = css({ mt: '1' });
const spotsClass = css({ fontWeight: 'medium', color: 'fg.default' });
const detailsClass = css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });

export function LfgCard({ post, showGame = true }: { post: LfgPost; showGame?: boolean }) {
  const standing = standingText(post);
  return (
    <li className={`${linkRowClass} ${rowClass}`}>
      <span className={badgeClass}>
        <Icon name="gamepad" />
      </span>
      <span className={rowBodyClass}>
        <a className={rowLinkClass} href={lfgPath(post.id)}>
          {post.title}
        </a>
        <span className={rowMetaClass}>
          <Time className={whenClass} iso={post.starts_at} format={isRunning(post) ? 'upcoming' : 'dateTime'} />
          <span className={spotsClass}>{spotsText(post)}</span>
          {standing && <span className={chipClass}>{standing}</span>}
        </span>
        {/* One run of text, so it wraps between words like a sentence. */}
        <span className={detailsClass}>
          {[showGame ? post.game.name : null, platformText(post), `by ${post.host.username}`, post.community?.name ?? null]
            .filter((part) => part !== null)
            .join(' · ')}
        </span>
        <LfgTags tags={post.tags} className={tagsRowClass} />
      </span>
    </li>
  );
}
