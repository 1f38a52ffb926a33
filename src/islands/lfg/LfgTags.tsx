/** A post's tags as chips, in a list named 'Tags' (nothing when it has none); `large` on the post's own page. */
import { css, cx } from '../../../styled-system/css';
import type { LfgTag } from '../../shared/lfg-values.ts';
import { tagText } from './lfg-text.ts';

const tagsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', m: '0', p: '0' });
const tagClass = css({ px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', bg: 'bg.subtle', color: 'fg.muted' });
const largeClass = css({ px: '2.5', fontWeight: 'semibold', color: 'fg.default' });

export function LfgTags({ tags, large = false, className }: { tags: LfgTag[]; large?: boolean; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cx(tagsClass, className)} aria-label="Tags">
      {tags.map((t) => (
        <li key={t} className={cx(tagClass, large && largeClass)}>
          {tagText(t)}
        </li>
      ))}
    </ul>
  );
}
