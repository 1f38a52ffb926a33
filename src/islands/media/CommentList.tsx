/**
 * Comments, oldest first: each with the commenter's picture (placeholder icon when none) and name. With
 * `onDelete`, comments that `canDelete` allows get a 'Delete comment' button (the caller confirms and deletes).
 */
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import type { CommentItem } from '../../shared/api-types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { AuthorLink } from './AuthorLink.tsx';
import { captionClass } from './styles.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', m: '0', p: '0' });
const itemClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const headClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: '0' });
const textClass = css({ pl: '10', fontSize: 'sm' });
const deleteClass = css({ width: '8', height: '8', '& svg': { width: '4', height: '4' }, _hover: { color: 'error.text' } });

type Props = {
  comments: CommentItem[];
  label?: string;
  canDelete?: (comment: CommentItem) => boolean;
  onDelete?: (comment: CommentItem) => void;
};

export function CommentList({ comments, label = 'Comments', canDelete, onDelete }: Props) {
  return (
    <ul className={listClass} aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.id} className={itemClass}>
          <div className={headClass}>
            <AuthorLink author={comment.user} size="sm" />
            {onDelete && canDelete?.(comment) && (
              <button
                type="button"
                className={`${iconButton()} ${deleteClass}`}
                aria-label="Delete comment"
                title="Delete comment"
                onClick={() => onDelete(comment)}
              >
                <Icon name="trash" />
              </button>
            )}
          </div>
          <p className={`${captionClass} ${textClass}`}>{comment.content}</p>
        </li>
      ))}
    </ul>
  );
}
