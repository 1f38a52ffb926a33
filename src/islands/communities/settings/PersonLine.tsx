/**
 * One person in a settings list (requests, members, bans): their picture and name (linking to their profile), a
 * line under it (`meta`: when they asked, joined or were banned), and the actions at the end. Wraps on a phone.
 */
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { pictureUrl } from '../../../client/pictures.ts';
import type { CommunityPerson } from '../../../shared/community-types.ts';
import { Avatar } from '../../../ui/Avatar.tsx';

const rowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', px: '4', py: '3' });
const whoClass = css({ flex: '1 1 12rem', display: 'flex', alignItems: 'center', gap: '3', minW: '0' });
const textClass = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const nameClass = css({ fontWeight: 'medium', color: 'inherit', overflowWrap: 'anywhere', _hover: { textDecoration: 'underline' } });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', ml: 'auto' });

type Props = { person: CommunityPerson; badge?: ReactNode; meta?: ReactNode; children?: ReactNode };

export function PersonLine({ person, badge, meta, children }: Props) {
  return (
    <li className={rowClass}>
      <div className={whoClass}>
        <Avatar src={person.has_picture ? pictureUrl(person.username) : null} size="sm" />
        <div className={textClass}>
          <span>
            <a className={nameClass} href={`/profile/${encodeURIComponent(person.username)}`}>
              {person.username}
            </a>{' '}
            {badge}
          </span>
          {meta && <span className={metaClass}>{meta}</span>}
        </div>
      </div>
      {children && <div className={actionsClass}>{children}</div>}
    </li>
  );
}
