/**
 * The queue of open reports, newest first, 'Load more' for older ones. Each action asks first (ResolveDialog);
 * on success the card leaves — with every other card on the same content, which the server closed too — and a
 * toast says what happened. Unsuspending keeps the cards and marks that person's cards as no longer suspended.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import type { ModerationReport } from '../../shared/moderation-types.ts';
import { fetchReports, resolveReport, unsuspendUser } from '../../stores/moderation/moderation.ts';
import { toast } from '../../stores/toasts.ts';
import { ReportCard } from './ReportCard.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';
import type { Pending, ResolveDialogProps } from './ResolveDialog.tsx';
import { FirstLoad, LoadMore } from '../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../ui/paged-list/use-paged-list.ts';

// Loaded with the first action asked about (it carries the dialog and the note's text area).
const ResolveDialog = lazyOnOpen<ResolveDialogProps>(
  () => import('./ResolveDialog.tsx').then((m) => m.ResolveDialog),
  (props) => props.pending !== null,
);

const listClass = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '4' });
const emptyClass = css({ py: '12', textAlign: 'center', color: 'fg.muted', fontSize: 'lg' });

const loadPage = async (cursor: string | null) => {
  const page = await fetchReports(cursor);
  return { items: page.reports, next_cursor: page.next_cursor };
};
const sameTarget = (a: ModerationReport, b: ModerationReport) =>
  a.content.target_type === b.content.target_type && a.content.target_id === b.content.target_id;

export function ReportQueue() {
  const list = usePagedList(loadPage, 'Could not load the reports. Please try again.');
  const [pending, setPending] = useState<Pending | null>(null);

  async function act({ report, action }: Pending, note: string): Promise<null> {
    if (action === 'unsuspend') {
      const done = await unsuspendUser(report.target_user.user_id);
      list.update((r) => (r.target_user.user_id === done.user_id ? { ...r, target_user: { ...r.target_user, suspended: false } } : r));
      toast.success(done.message);
      return null;
    }
    const done = await resolveReport(report.id, action, note);
    list.drop(list.items.filter((r) => r.id === report.id || sameTarget(r, report)).map((r) => r.id));
    if (action === 'suspend_user') {
      list.update((r) =>
        r.target_user.user_id === report.target_user.user_id ? { ...r, target_user: { ...r.target_user, suspended: true } } : r,
      );
    }
    toast.success(done.message);
    return null;
  }

  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading reports" />;
  if (list.items.length === 0 && !list.hasMore) return <p className={emptyClass}>No open reports</p>;
  return (
    <>
      <ul className={listClass} aria-label="Open reports">
        {list.items.map((report) => (
          <li key={report.id}>
            <ReportCard report={report} onAction={(r, action) => setPending({ report: r, action })} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
      <ResolveDialog pending={pending} onClose={() => setPending(null)} onConfirm={act} />
    </>
  );
}
