/**
 * 'Add a comment...' with a send button (spec §2, §5): send is disabled unless the text is non-empty after
 * trimming (the shared commentSchema decides, and what it gives is what is sent), Enter submits, the input clears after a success. A refusal keeps
 * the text and shows the server's message.
 */
import { useStore } from '@nanostores/react';
import { type SubmitEvent, useState } from 'react';
import * as v from 'valibot';
import { iconButton } from '../../../styled-system/recipes';
import { css, cx } from '../../../styled-system/css';
import { COMMENT_MAX } from '../../shared/constants.ts';
import { commentSchema } from '../../shared/schemas/media.ts';
import { $comments, postComment } from '../../stores/media/comments.ts';
import { Icon } from '../../ui/Icon.tsx';
import { messageInputClass } from './styles.ts';

const formClass = css({ display: 'flex', alignItems: 'center', gap: '2' });
const inputClass = cx(messageInputClass, css({ borderRadius: 'full' }));
const sendClass = css({ color: 'primary.text', _disabled: { color: 'fg.disabled', cursor: 'not-allowed' } });
const errorClass = css({ color: 'error.text', fontSize: 'sm', mt: '1' });

export function CommentComposer({ postId }: { postId: number }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sending = useStore($comments, { keys: [postId] })[postId]?.sending ?? false;
  const parsed = v.safeParse(commentSchema, { content: text });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.success || sending) return;
    const problem = await postComment(postId, parsed.output);
    setError(problem);
    if (!problem) setText('');
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a comment">
      <div className={formClass}>
        <input
          className={inputClass}
          placeholder="Add a comment..."
          aria-label="Add a comment..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          readOnly={sending}
          maxLength={COMMENT_MAX}
          enterKeyHint="send"
        />
        <button type="submit" className={`${iconButton()} ${sendClass}`} aria-label="Send" disabled={!parsed.success || sending}>
          <Icon name="send" />
        </button>
      </div>
      {error && (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      )}
    </form>
  );
}
