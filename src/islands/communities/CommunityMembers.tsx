/**
 * NOTE: a community's members for those who may see them: owner and moderators first (marked), then members by
 * when they joined, 'Show more' for the next page. Each links to the person's profile.
 */
import { useCallback, useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { pictureUrl } from '../../client/pictures.ts';
import type { CommunityMember } from '../../shared/community-types.ts';
import { fetchMembers } from '../../stores/communities/communities-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { chipClass } from '../../ui/chip-styles.ts';
import { cardListClass } from '../../ui/list-styles.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '3', px: { base: '5', sm: '6' }, py: '2' });
const nameClass = css({
  flex: '1',
  minW: '0',
  fontWeight: 'medium',
  color: 'inherit',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
});

type State = { members: CommunityMember[]; cursor: string | null; loading: boolean; error: string | null };

export function CommunityMembers({ slug, count }: { slug: string; count: number }) {
  const [state, setState] = useState<State>({ members: [], cursor: null, loading: true, error: null });
  const load = useCallback(
    async (cursor: string | null) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await fetchMembers(slug, cursor);
        setState((s) => ({
          members: cursor ? [...s.members, ...page.members] : page.members,
          cursor: page.next_cursor,
          loading: false,
          error: null,
        }));
      } catch (err) {
        setState((s) => ({ ...s, loading: false, error: serverMessageOf(err) ?? 'Failed to load members' }));
      }
    },
    [slug],
  );
  useEffect(() => void load(null), [load, count]);

  return (
    <section className={sectionClass} aria-labelledby="community-members" aria-busy={state.loading}>
      <h2 id="community-members" className={headingClass}>
        Members
      </h2>
      {state.members.length > 0 && (
        <ul className={cardListClass} aria-label="Members">
          {state.members.map((m) => (
            <li key={m.user_id} className={rowClass}>
              <Avatar src={m.has_picture ? pictureUrl(m.username) : null} size="sm" />
              <a className={nameClass} href={`/profile/${encodeURIComponent(m.username)}`}>
                {m.username}
              </a>
              {m.role !== 'member' && <span className={chipClass}>{m.role === 'owner' ? 'Owner' : 'Moderator'}</span>}
            </li>
          ))}
        </ul>
      )}
      {state.error && <Alert>{state.error}</Alert>}
      <ListFooter
        loading={state.loading}
        loadingLabel="Loading members"
        failed={Boolean(state.error)}
        more={Boolean(state.cursor)}
        onMore={() => void load(state.cursor)}
      />
    </section>
  );
}
