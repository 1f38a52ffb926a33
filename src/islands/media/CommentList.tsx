/**
 * Comments, oldest first: each with the commenter's picture (placeholder icon when none), name and age. With
 * `onDelete`, comments that `canDelete` allows get a 'Delete comment' button (the caller confirms and deletes);
 * with `onReport`, comments that `canReport` allows (others' comments) get a 'Report comment' button.
 */
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import type { CommentItem } from '../../shared/api-types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Time } from '../../ui/Time.tsx';
import { AuthorLink } from './AuthorLink.tsx';
import { bylineClass, captionClass, postedClass } from './styles.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', m: '0', p: '0' });
const itemClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const headClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: '0' });
const textClass = css({ pl: '10', fontSize: 'sm' });
const smallClass = css({ width: '8', height: '8', '& svg': { width: '4', height: '4' } });
const deleteClass = css({ _hover: { color: 'error.text' } });
const actionsClass = css({ display: 'flex', alignItems: 'center', flexShrink: 0 });

type Props = {
  comments: CommentItem[];
  label?: string;
  canDelete?: (comment: CommentItem) => boolean;
  onDelete?: (comment: CommentItem) => void;
  canReport?: (comment: CommentItem) => boolean;
  onReport?: (comment: CommentItem) => void;
};

export function CommentList({ comments, label = 'Comments', canDelete, onDelete, canReport, onReport }: Props) {
  return (
    <ul className={listClass} aria-label={label}>
      {comments.map((comment) => (
        <li key={comment.id} className={itemClass}>
          <div className={headClass}>
            <span className={bylineClass}>
              <AuthorLink author={comment.user} size="sm" />
              <Time className={postedClass} iso={comment.created_at} format="recency" />
            </span>
            <span className={actionsClass}>
              {onReport && canReport?.(comment) && (
                <button
                  type="button"
                  className={`${iconButton()} ${smallClass}`}
                  aria-label={`Report comment by ${comment.user.username}`}
                  title="Report comment"
                  onClick={() => onReport(comment)}
                >
                  <Icon name="flag" />
                </button>
              )}
              {onDelete && canDelete?.(comment) && (
                <button
                  type="button"
                  className={`${iconButton()} ${smallClass} ${deleteClass}`}
                  aria-label="Delete comment"
                  title="Delete comment"
                  onClick={() => onDelete(comment)}
                >
                  <Icon name="trash" />
                </button>
              )}
            </span>
          </div>
          <p className={`${captionClass} ${textClass}`}>{comment.content}</p>
        </li>
      ))}
    </ul>
  );
}
