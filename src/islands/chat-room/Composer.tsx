/**
 * The message composer (spec §2 "Chat room", §5 "Send message"): 'Type a message...', an image attach button
 * (images only: anything else, or a file the browser cannot decode, is refused here with a message; the server
 * checks the bytes again), the selected
 * image with Remove, and Send, enabled only with non-blank text or an image (the shared messageContentField
 * decides what text is valid). Enter sends, Shift+Enter starts a new line. Typing is announced to the room
 * (chat-typing.ts) and stops on send and blur. Sending hands the message to the outbox and clears at once.
 * In a 1-on-1 blocked either way everything is disabled and a line says why (your own block, or simply that
 * you can't message them: a block is never announced to the person blocked). The text box turns read-only, not
 * disabled, so the focus stays where the person was typing and the reason is read to them. It learns of a block
 * when the room loads or a send is refused, not live (an unblock elsewhere shows on the next visit).
 */
import { useStore } from '@nanostores/react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { css, cx } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { CHAT_IMAGE_MAX_BYTES, CHAT_MESSAGE_MAX } from '../../shared/constants.ts';
import { messageContentField } from '../../shared/schemas/chat.ts';
import { sendChatMessage } from '../../stores/chat/chat-outbox.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { noteTyping, stopTyping } from '../../stores/chat/chat-typing.ts';
import { Icon } from '../../ui/Icon.tsx';
import { messageInputClass } from '../media/styles.ts';
import { SelectedImage } from './SelectedImage.tsx';

export const NOT_AN_IMAGE = 'Only images can be attached. Please choose an image file.';
export const UNREADABLE_IMAGE = 'This image could not be opened. Please choose another image.';
export const IMAGE_TOO_LARGE = `Images can be at most ${CHAT_IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;

const barClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  px: { base: '3', sm: '4' },
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
});
const rowClass = css({ display: 'flex', alignItems: 'flex-end', gap: '2' });
const inputClass = cx(
  messageInputClass,
  css({
    maxH: '32',
    py: '2',
    lineHeight: '1.45',
    resize: 'none',
    borderRadius: '2xl',
    fieldSizing: 'content',
  }),
);
const sendClass = css({ color: 'primary.text', _disabled: { color: 'fg.disabled' } });
const problemClass = css({ color: 'error.text', fontSize: 'sm' });
const closedClass = css({ color: 'fg.muted', fontSize: 'sm' });

/** Why nobody can send in this 1-on-1, as the viewer may be told. */
export const closedReason = (name: string, youBlocked: boolean) =>
  youBlocked
    ? `You blocked ${name}. Unblock them (Blocked users, on your profile) to send messages here.`
    : `You can't send messages to ${name}.`;

/** `ready` once the browser has opened it: a file it cannot open is never sent (the server would refuse it). */
type Picked = { file: File; url: string; ready: boolean };

export function Composer({ roomId }: { roomId: number }) {
  const { canSend: open, youBlocked, name } = useStore($chatRoom);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const parsed = v.safeParse(messageContentField, text);
  const canSend = open && parsed.success && (picked ? picked.ready : parsed.output !== '');
  const textProblem = parsed.success ? null : parsed.issues[0].message;

  useEffect(() => () => stopTyping(), [roomId]);
  useEffect(() => {
    if (!picked) return;
    return () => URL.revokeObjectURL(picked.url);
  }, [picked]);

  function send() {
    if (!canSend) return;
    sendChatMessage(roomId, text, picked?.file ?? null);
    stopTyping();
    setText('');
    setPicked(null);
    setProblem(null);
    textRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function onText(event: ChangeEvent<HTMLTextAreaElement>) {
    setText(event.target.value);
    if (event.target.value.trim()) noteTyping();
    else stopTyping();
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires change
    if (!file) return;
    if (!file.type.startsWith('image/')) return setProblem(NOT_AN_IMAGE);
    if (file.size > CHAT_IMAGE_MAX_BYTES) return setProblem(IMAGE_TOO_LARGE);
    setProblem(null);
    const url = URL.createObjectURL(file);
    setPicked({ file, url, ready: false });
    // Decoding it whole tells a real image from a file that only starts like one (an <img> may still "load" that).
    const decoded = typeof createImageBitmap === 'function' ? createImageBitmap(file).then((bitmap) => bitmap.close()) : Promise.resolve();
    decoded.then(
      () => setPicked((p) => (p?.url === url ? { ...p, ready: true } : p)),
      () => {
        setPicked((p) => (p?.url === url ? null : p));
        setProblem(UNREADABLE_IMAGE);
      },
    );
  }

  const shownProblem = problem ?? textProblem;
  return (
    <form
      className={barClass}
      aria-label="Send a message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {picked && <SelectedImage url={picked.url} name={picked.file.name} onRemove={() => setPicked(null)} />}
      {!open && (
        <p className={closedClass} id="composer-closed" role="status">
          {closedReason(name, youBlocked)}
        </p>
      )}
      {shownProblem && (
        <p role="alert" className={problemClass}>
          {shownProblem}
        </p>
      )}
      <div className={rowClass}>
        <input ref={fileRef} type="file" accept="image/*" hidden onChange={onFile} />
        <button type="button" className={iconButton()} aria-label="Attach image" disabled={!open} onClick={() => fileRef.current?.click()}>
          <Icon name="image" />
        </button>
        <textarea
          ref={textRef}
          className={inputClass}
          placeholder="Type a message..."
          aria-label="Type a message..."
          rows={1}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          enterKeyHint="send"
          readOnly={!open}
          aria-disabled={!open || undefined}
          aria-describedby={open ? undefined : 'composer-closed'}
          onChange={onText}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
        />
        <button type="submit" className={`${iconButton()} ${sendClass}`} aria-label="Send" disabled={!canSend}>
          <Icon name="send" />
        </button>
      </div>
    </form>
  );
}
