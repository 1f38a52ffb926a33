/**
 * NOTE: the foot of a list that loads page by page: a spinner while a page loads, else 'Try again' after a failure
 * or 'Show more' while there is more (both call `onMore`), else nothing (the box then takes no room).
 */
import { css } from '../../styled-system/css';
import { Button } from './Button.tsx';
import { Spinner } from './Spinner.tsx';

const footClass = css({ display: 'flex', justifyContent: 'center', '&:empty': { display: 'none' } });

type Props = { loading: boolean; loadingLabel: string; failed: boolean; more: boolean; onMore: () => void };

export function ListFooter({ loading, loadingLabel, failed, more, onMore }: Props) {
  return (
    <div className={footClass}>
      {loading ? (
        <Spinner size="sm" label={loadingLabel} />
      ) : (
        (failed || more) && (
          <Button variant="outline" size="sm" onClick={onMore}>
            {failed ? 'Try again' : 'Show more'}
          </Button>
        )
      )}
    </div>
  );
}
