/**
 * NOTE: one community in a list (discovery, 'Your communities', a game page): an <li> whose whole row opens the
 * community (the name is the link, its hit area stretched over the row), with its member count, its games and
 * the viewer's standing. Put rows in a list styled with `cardListClass`.
 */
import { css } from '../../../styled-system/css';
import type { CommunityCard } from '../../shared/community-types.ts';
import { plural } from '../../shared/plural.ts';
import { communityImageUrl } from '../../stores/communities/communities-api.ts';
import { communityPath } from '../../shared/paths.ts';
import { chipClass } from '../../ui/chip-styles.ts';
import { linkRowClass, rowBodyClass, rowLinkClass, rowMetaClass } from '../../ui/list-styles.ts';
import { CommunityBadge } from './CommunityBadge.tsx';
import { COMMUNITY_VISIBILITY_NAMES } from '../../shared/community-values.ts';

const lineClass = css({ fontSize: 'sm', color: 'fg.muted', lineClamp: '1', overflowWrap: 'anywhere' });

const STATUS: Partial<Record<CommunityCard['my_status'], string>> = { member: 'Member', pending: 'Requested', banned: 'Banned' };

export function CommunityRow({ community }: { community: CommunityCard }) {
  const status = STATUS[community.my_status];
  return (
    <li className={linkRowClass}>
      <CommunityBadge name={community.name} icon={community.has_icon ? communityImageUrl(community.slug, 'icon') : null} />
      <span className={rowBodyClass}>
        <a className={rowLinkClass} href={communityPath(community.slug)}>
          {community.name}
        </a>
        {community.description && <span className={lineClass}>{community.description}</span>}
        <span className={rowMetaClass}>
          <span>{plural(community.member_count, 'member')}</span>
          <span aria-hidden="true">·</span>
          <span>{COMMUNITY_VISIBILITY_NAMES[community.visibility]}</span>
          {community.games.length > 0 && (
            <>
              <span aria-hidden="true">·</span>
              <span>{community.games.map((g) => g.name).join(', ')}</span>
            </>
          )}
          {status && <span className={chipClass}>{status}</span>}
        </span>
      </span>
    </li>
  );
}
