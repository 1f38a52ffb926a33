/** The audit log (admins only): every moderation action and role change, newest first, 'Load more' for older. */
import { css } from '../../../styled-system/css';
import { fetchAudit } from '../../stores/moderation.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { panelListClass } from '../../ui/list-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { auditSentence, formatWhen } from './format.ts';
import { usePagedList } from './use-paged-list.ts';

const rowClass = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const noteClass = css({ whiteSpace: 'pre-wrap' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '8' });

const loadPage = async (cursor: string | null) => {
  const page = await fetchAudit(cursor);
  return { items: page.entries, next_cursor: page.next_cursor };
};

export function AuditLog() {
  const list = usePagedList(loadPage, 'Could not load the audit log. Please try again.');
  if (list.status === 'loading') {
    return (
      <div className={centerClass}>
        <Spinner label="Loading the audit log" />
      </div>
    );
  }
  if (list.status === 'error') {
    return (
      <div className={centerClass}>
        <Alert>{list.error}</Alert>
        <Button variant="outline" onClick={() => void list.retry()}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.items.length === 0) return <p className={metaClass}>Nothing has happened yet.</p>;
  return (
    <>
      <ul className={panelListClass} aria-label="Audit log">
        {list.items.map((entry) => (
          <li key={entry.id} className={rowClass}>
            <span>{auditSentence(entry)}</span>
            <span className={metaClass}>
              <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time>
              {entry.detail && ` · ${entry.detail}`}
              {entry.report_id !== null && ` · report ${entry.report_id}`}
            </span>
            {entry.note && <span className={noteClass}>Note: {entry.note}</span>}
          </li>
        ))}
      </ul>
      {list.moreError && <Alert>{list.moreError}</Alert>}
      {list.hasMore && (
        <div className={centerClass}>
          <Button variant="outline" onClick={() => void list.loadMore()} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
