/** Comments, oldest first: each with the commenter's picture (placeholder icon when none) and name. */
import { css } from '../../../styled-system/css';
import type { CommentItem } from '../../shared/api-types.ts';
import { AuthorLink } from './AuthorLink.tsx';
import { captionClass } from './styles.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', m: '0', p: '0' });
const itemClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const textClass = css({ pl: '10', fontSize: 'sm' });

export function CommentList({ comments, label = 'Comments' }: { comments: CommentItem[]; label?: string }) {
  return (
    <ul className={listClass} aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.id} className={itemClass}>
          <AuthorLink author={comment.user} size="sm" />
          <p className={`${captionClass} ${textClass}`}>{comment.content}</p>
        </li>
      ))}
    </ul>
  );
}
