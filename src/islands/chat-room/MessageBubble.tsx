/**
 * One message (spec §2 "Chat room"): own on the right, others on the left, the sender's name, an optional image
 * (a thumbnail that opens the full-size image in a new tab; both are same-origin paths served to participants
 * only), the text and the time. With `onReport` or `onRemove`, the bubble carries a small 'Message options' menu
 * with Report (pass it only for other people's messages, never one's own or a deleted account's) and Remove (a
 * community moderator's, in a channel). `PendingBubble` is one's own send on its way ('Sending...') or refused (the
 * server's text with Retry and Discard).
 */
import { useStore } from '@nanostores/react';
import { css } from '../../../styled-system/css';
import type { ChatMessage } from '../../shared/chat-types.ts';
import { discardSend, type PendingSend, retrySend } from '../../stores/chat/chat-outbox.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { Button } from '../../ui/Button.tsx';
import { MoreMenu, type MoreMenuItem } from '../../ui/MoreMenu.tsx';
import { Time } from '../../ui/Time.tsx';
import { bubbleClass, metaClass, rowClass, senderClass, textClass, thumbClass, thumbLinkClass } from './styles.ts';

const failedClass = css({ fontSize: 'sm', fontWeight: 'semibold' });
const actionsClass = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', mt: '1' });
const onOwnClass = css({ bg: 'bg.surface' });
const headClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', minW: '0' });
// The bubble's own colour: white on one's own (blue) bubble, the text colour on others'.
const menuClass = css({ width: '7', height: '7', minW: '7', mr: '-1.5', my: '-1', color: 'inherit', '& svg': { width: '4', height: '4' } });

export function MessageBubble({
  message,
  own,
  onReport,
  onRemove,
}: {
  message: ChatMessage;
  own: boolean;
  onReport?: ((message: ChatMessage) => void) | undefined;
  onRemove?: ((message: ChatMessage) => void) | undefined;
}) {
  const image = message.thumbnail_url ?? message.image_url;
  const items: MoreMenuItem[] = [
    ...(onReport ? [{ value: 'report', label: 'Report message', icon: 'flag' as const }] : []),
    ...(onRemove ? [{ value: 'remove', label: 'Remove message', icon: 'trash' as const, danger: true }] : []),
  ];
  return (
    <li className={rowClass} data-own={own}>
      <article className={bubbleClass} aria-label={`Message from ${message.sender_name}`}>
        {items.length > 0 ? (
          <div className={headClass}>
            <span className={senderClass}>{message.sender_name}</span>
            <MoreMenu
              label={`Options for the message from ${message.sender_name}`}
              className={menuClass}
              items={items}
              onSelect={(value) => (value === 'remove' ? onRemove?.(message) : onReport?.(message))}
            />
          </div>
        ) : (
          <span className={senderClass}>{message.sender_name}</span>
        )}
        {image && (
          <a
            href={message.image_url ?? image}
            target="_blank"
            rel="noopener"
            className={thumbLinkClass}
            aria-label={`Open the image from ${message.sender_name} full size`}
          >
            <img src={image} alt={`Image from ${message.sender_name}`} className={thumbClass} />
          </a>
        )}
        {message.content && <p className={textClass}>{message.content}</p>}
        <Time className={metaClass} iso={message.timestamp} format="clock" />
      </article>
    </li>
  );
}

export function PendingBubble({ pending, myName }: { pending: PendingSend; myName: string }) {
  const failed = pending.status === 'failed';
  const retryable = useStore($chatRoom).canSend; // a retry into a blocked 1-on-1 could never work
  return (
    <li className={rowClass} data-own="true">
      <article className={bubbleClass} data-status={pending.status} aria-label={failed ? 'Message not sent' : 'Message being sent'}>
        <span className={senderClass}>{myName}</span>
        {pending.imageUrl && <img src={pending.imageUrl} alt="Image being sent" className={thumbClass} />}
        {pending.content && <p className={textClass}>{pending.content}</p>}
        {failed ? (
          <>
            <p role="alert" className={failedClass}>
              {pending.error}
            </p>
            <div className={actionsClass}>
              <Button size="sm" variant="outline" className={onOwnClass} onClick={() => discardSend(pending.clientId)}>
                Discard
              </Button>
              {retryable && (
                <Button size="sm" variant="outline" className={onOwnClass} onClick={() => retrySend(pending.clientId)}>
                  Retry
                </Button>
              )}
            </div>
          </>
        ) : (
          <span className={metaClass}>Sending...</span>
        )}
      </article>
    </li>
  );
}
