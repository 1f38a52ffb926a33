/**
 * The 'Requests' tab: people waiting to join, oldest first, with Approve and Reject. An answered request leaves
 * the list; approving also reloads the community (its member count).
 */
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { serverMessageOf } from '../../../client/api.ts';
import { answerRequest, fetchRequests } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { FirstLoad, LoadMore } from '../../../ui/paged-list/PagedListParts.tsx';
import { usePagedList } from '../../../ui/paged-list/use-paged-list.ts';
import { Time } from '../../../ui/Time.tsx';
import type { SettingsPanelProps } from './panel-props.ts';
import { PersonLine } from './PersonLine.tsx';

const emptyClass = css({ py: '10', textAlign: 'center', color: 'fg.muted' });

export function RequestsPanel({ community, onChanged }: SettingsPanelProps) {
  const list = usePagedList(async (cursor) => {
    const page = await fetchRequests(community.slug, cursor);
    return { items: page.requests.map((r) => ({ ...r, id: r.user_id })), next_cursor: page.next_cursor };
  }, 'Could not load the requests. Please try again.');
  const [busy, setBusy] = useState<number | null>(null);

  async function answer(userId: number, approve: boolean) {
    setBusy(userId);
    try {
      toast.success((await answerRequest(community.slug, userId, approve)).message);
      list.drop([userId]);
      if (approve) onChanged();
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  if (list.status !== 'ready') return <FirstLoad list={list} loadingLabel="Loading requests" />;
  if (list.items.length === 0 && !list.hasMore)
    return (
      <p className={emptyClass}>
        {community.visibility === 'request'
          ? 'No one is waiting to join.'
          : 'No one is waiting to join. Requests come when people can ask to join.'}
      </p>
    );
  return (
    <>
      <ul className={panelListClass} aria-label="Join requests">
        {list.items.map((r) => (
          <PersonLine
            key={r.id}
            person={r}
            meta={
              <>
                Asked <Time iso={r.requested_at} format="ago" />
              </>
            }
          >
            <Button size="sm" onClick={() => void answer(r.id, true)} disabled={busy === r.id}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => void answer(r.id, false)} disabled={busy === r.id}>
              Reject
            </Button>
          </PersonLine>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
