/**
 * NOTE: the looking-for-group glance of the game page, loaded as it comes near the screen (the page is at its JS
 * budget, and the glance sits at the foot of a column). Until then it shows its card with its heading.
 */
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { lazyWhenNear } from '../../ui/lazy-when-near.tsx';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minH: '32' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });

function Placeholder() {
  return (
    <section className={sectionClass} aria-label="Looking for group" aria-busy="true">
      <h2 className={headingClass}>Looking for group</h2>
    </section>
  );
}

export const GameLfg = lazyWhenNear<{ slug: string; name: string }>(() => import('./GameLfg.tsx').then((m) => m.GameLfg), Placeholder);
