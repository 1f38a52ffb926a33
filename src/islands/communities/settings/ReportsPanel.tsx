/**
 * The 'Reports' tab: open reports on the community's posts, comments and channel messages, newest first — whose,
 * what (the caption, the comment or the message), why — with 'Open post' (or 'Open channel') and 'Remove'.
 * Removing closes the reports on it (the server does) and records it in the mod log. Reporters are not named here;
 * the site's moderators see the same reports too.
 */
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { api, serverMessageOf } from '../../../client/api.ts';
import type { CommunityReport } from '../../../shared/community-types.ts';
import { REPORT_REASONS } from '../../../shared/moderation-values.ts';
import { chatPath, communityPath } from '../../../shared/paths.ts';
import { fetchReports } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { FirstLoad, LoadMore } from '../../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../../ui/paged-list/use-paged-list.ts';
import { Time } from '../../../ui/Time.tsx';
import type { SettingsPanelProps } from './panel-props.ts';

const rowClass = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '2', overflowWrap: 'anywhere' });
const excerptClass = css({ whiteSpace: 'pre-wrap', borderLeftWidth: '3px', borderColor: 'border.default', pl: '3', color: 'fg.default' });
const metaClass = css({ fontSize: 'sm', color: 'fg.muted' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const emptyClass = css({ py: '10', textAlign: 'center', color: 'fg.muted' });

const NOUN = { media: 'post', comment: 'comment', message: 'message' } as const;

function remove(slug: string, report: CommunityReport) {
  if (report.target_type === 'message') return api.delete(`${communityPath(slug)}/messages/${report.target_id}`);
  return report.target_type === 'media'
    ? api.delete(`/media/${report.target_id}`)
    : api.delete(`/media/${report.post_id}/comments/${report.target_id}`);
}

export function ReportsPanel({ community }: SettingsPanelProps) {
  const list = usePagedList(async (cursor) => {
    const page = await fetchReports(community.slug, cursor);
    return { items: page.reports, next_cursor: page.next_cursor };
  }, 'Could not load the reports. Please try again.');
  const [asked, setAsked] = useState<CommunityReport | null>(null);

  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading reports" />;
  if (list.items.length === 0 && !list.hasMore) return <p className={emptyClass}>No open reports. All clear!</p>;
  const what = (r: CommunityReport) => `A ${NOUN[r.target_type]} by ${r.reported.username}${r.channel ? ` in #${r.channel.name}` : ''}`;
  return (
    <>
      <ul className={panelListClass} aria-label="Open reports">
        {list.items.map((r) => (
          <li key={r.id} className={rowClass}>
            <strong>
              {what(r)}: {REPORT_REASONS[r.reason]}
            </strong>
            {(r.excerpt || r.target_type === 'message') && <p className={excerptClass}>{r.excerpt || '(a picture)'}</p>}
            {r.details && <p>“{r.details}”</p>}
            <Time className={metaClass} iso={r.created_at} format="ago" />
            <div className={actionsClass}>
              <a
                className={button({ variant: 'outline', size: 'sm' })}
                href={r.channel ? chatPath(r.channel.room_id) : `${communityPath(community.slug)}?post=${r.post_id}`}
              >
                {r.channel ? 'Open channel' : 'Open post'}
              </a>
              <Button size="sm" palette="secondary" onClick={() => setAsked(r)}>
                Remove {NOUN[r.target_type]}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={`Remove ${NOUN[asked?.target_type ?? 'media']}?`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        onConfirm={async () => {
          if (!asked) return null;
          try {
            await remove(community.slug, asked);
          } catch (err) {
            return serverMessageOf(err) ?? 'Removing failed. Please try again.';
          }
          // The post's comments go with it: every report on that post leaves the list.
          list.drop(
            list.items.filter((r) => r.id === asked.id || (asked.target_type === 'media' && r.post_id === asked.post_id)).map((r) => r.id),
          );
          toast.success(`${NOUN[asked.target_type].replace(/^./, (c) => c.toUpperCase())} removed`);
          setAsked(null);
          return null;
        }}
      >
        {asked ? `${what(asked)} goes for everyone. The mod log records it.` : ''}
      </ConfirmDialog>
    </>
  );
}
