/**
 * NOTE: the "New posts" pill over an open list (use-new-posts.ts): it stays under the navigation bar while the
 * reader scrolls, says how many, and shows them on click. Nothing renders while there are none.
 */
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { plural } from '../../shared/plural.ts';

const barClass = css({ position: 'sticky', top: '20', zIndex: 'docked', display: 'flex', justifyContent: 'center', height: '0' });
const pillClass = css({ borderRadius: 'full', boxShadow: 'md', gap: '2' });

export function NewPostsButton({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div className={barClass} aria-live="polite">
      {count > 0 && (
        <Button size="sm" className={pillClass} onClick={onShow}>
          <Icon name="arrowUp" />
          {plural(count, 'new post')}
        </Button>
      )}
    </div>
  );
}
