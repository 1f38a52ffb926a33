/**
 * NOTE: the parts every paged list (moderation, community settings) shows around its rows: the first load (a
 * spinner, or the error with 'Try again': NotReady.tsx) and the foot ('Load more', or why it failed). Render
 * `FirstLoad` instead of the list while it is not ready, and `LoadMore` after the rows.
 */
import { css } from '../../../styled-system/css';
import { Alert } from '../Alert.tsx';
import { Button } from '../Button.tsx';
import { NotReady } from '../NotReady.tsx';
import type { usePagedList } from './use-paged-list.ts';

type List = Pick<ReturnType<typeof usePagedList>, 'status' | 'error' | 'retry' | 'hasMore' | 'moreError' | 'loadMore' | 'loadingMore'>;

const centerClass = css({ display: 'grid', placeItems: 'center', py: '10', gap: '3', textAlign: 'center' });

export function FirstLoad({ list, loadingLabel }: { list: Pick<List, 'status' | 'error' | 'retry'>; loadingLabel: string }) {
  return <NotReady state={list} loadingLabel={loadingLabel} onRetry={() => void list.retry()} />;
}

export function LoadMore({ list }: { list: List }) {
  return (
    <>
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
