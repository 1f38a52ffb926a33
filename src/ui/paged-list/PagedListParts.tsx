/**
 * NOTE: the parts every paged list (moderation, community settings) shows around its rows: the first load (a spinner, or the error with
 * 'Try again') and the foot ('Load more', or why it failed). Render `FirstLoad` instead of the list while it is
 * not ready, and `LoadMore` after the rows.
 */
import { css } from '../../../styled-system/css';
import { Alert } from '../Alert.tsx';
import { Button } from '../Button.tsx';
import { Spinner } from '../Spinner.tsx';
import type { usePagedList } from './use-paged-list.ts';

type List = Pick<ReturnType<typeof usePagedList>, 'status' | 'error' | 'retry' | 'hasMore' | 'moreError' | 'loadMore' | 'loadingMore'>;

const centerClass = css({ display: 'grid', placeItems: 'center', py: '10', gap: '3', textAlign: 'center' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', maxW: 'lg' });

export function FirstLoad({ list, loadingLabel }: { list: List; loadingLabel: string }) {
  if (list.status === 'loading') {
    return (
      <div className={centerClass}>
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return (
    <div className={errorClass}>
      <Alert>{list.error}</Alert>
      <Button variant="outline" onClick={() => void list.retry()}>
        Try again
      </Button>
    </div>
  );
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
