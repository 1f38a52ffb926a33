/** The 'Mod log' tab: every moderator action in the community, newest first, with its reason; 'Load more' for older. */
import { css } from '../../../../styled-system/css';
import { fetchModlog } from '../../../stores/communities/community-settings-api.ts';
import { panelListClass } from '../../../ui/list-styles.ts';
import { FirstLoad, LoadMore } from '../../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../../ui/paged-list/use-paged-list.ts';
import { Time } from '../../../ui/Time.tsx';
import { modlogSentence } from './modlog-format.ts';
import type { SettingsPanelProps } from './panel-props.ts';

const rowClass = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const reasonClass = css({ whiteSpace: 'pre-wrap' });

export function ModlogPanel({ community }: SettingsPanelProps) {
  const list = usePagedList(async (cursor) => {
    const page = await fetchModlog(community.slug, cursor);
    return { items: page.entries, next_cursor: page.next_cursor };
  }, 'Could not load the mod log. Please try again.');
  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading the mod log" />;
  if (list.items.length === 0) return <p className={metaClass}>No moderator has done anything yet.</p>;
  return (
    <>
      <ul className={panelListClass} aria-label="Mod log">
        {list.items.map((entry) => (
          <li key={entry.id} className={rowClass}>
            <span>{modlogSentence(entry)}</span>
            {entry.reason && <span className={reasonClass}>Reason: {entry.reason}</span>}
            <Time className={metaClass} iso={entry.created_at} format="dateTime" />
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
