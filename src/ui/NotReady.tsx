/**
 * NOTE: what a page or panel shows until its data is ready: a spinner named `loadingLabel`, the not-found state of
 * `kind` (loaded on demand; without a kind, nothing), or the error with 'Try again' (`onRetry`). Use with
 * use-loaded.ts, and for the first page of a paged list (PagedListParts.tsx).
 */
import { css } from '../../styled-system/css';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import type { NotFoundKind } from './NotFound.tsx';
import { NotFoundOnDemand } from './not-found-on-demand.tsx';
import { Spinner } from './Spinner.tsx';

const centreClass = css({ display: 'grid', placeItems: 'center', gap: '4', py: '10', textAlign: 'center' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', maxW: 'lg' });

type Props = {
  state: { status: 'loading' | 'not-found' | 'error' | 'ready'; error?: string | null };
  loadingLabel: string;
  kind?: NotFoundKind;
  onRetry: () => void;
};

export function NotReady({ state, loadingLabel, kind, onRetry }: Props) {
  if (state.status === 'loading')
    return (
      <div className={centreClass}>
        <Spinner label={loadingLabel} />
      </div>
    );
  if (state.status === 'not-found') return kind ? <NotFoundOnDemand kind={kind} /> : null;
  return (
    <div className={errorClass}>
      <Alert>{state.error}</Alert>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
