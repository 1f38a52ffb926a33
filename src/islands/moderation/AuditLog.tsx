/** The audit log (admins only): every moderation action and role change, newest first, 'Load more' for older. */
import { css } from '../../../styled-system/css';
import { fetchAudit } from '../../stores/moderation/moderation.ts';
import { panelListClass } from '../../ui/list-styles.ts';
import { Time } from '../../ui/Time.tsx';
import { auditSentence } from './format.ts';
import { FirstLoad, LoadMore } from '../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../ui/paged-list/use-paged-list.ts';

const rowClass = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const noteClass = css({ whiteSpace: 'pre-wrap' });

const loadPage = async (cursor: string | null) => {
  const page = await fetchAudit(cursor);
  return { items: page.entries, next_cursor: page.next_cursor };
};

export function AuditLog() {
  const list = usePagedList(loadPage, 'Could not load the audit log. Please try again.');
  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading the audit log" />;
  if (list.items.length === 0) return <p className={metaClass}>Nothing has happened yet.</p>;
  return (
    <>
      <ul className={panelListClass} aria-label="Audit log">
        {list.items.map((entry) => (
          <li key={entry.id} className={rowClass}>
            <span>{auditSentence(entry)}</span>
            <span className={metaClass}>
              <Time iso={entry.created_at} format="dateTime" />
              {entry.detail && ` · ${entry.detail}`}
              {entry.report_id !== null && ` · report ${entry.report_id}`}
            </span>
            {entry.note && <span className={noteClass}>Note: {entry.note}</span>}
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
