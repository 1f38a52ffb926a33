/**
 * The room's messages (spec §2 "Chat room"): oldest at the top, a day separator whenever the day changes, one's
 * pending sends last. Opens at the bottom; scrolling near the top loads older messages (`loadOlder`, paged by the
 * server) without moving what is being read (use-chat-scroll.ts). The list is a focusable, named log so keyboard
 * users can scroll it and screen readers hear new messages.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { sameDay } from '../../client/times.ts';
import { $outbox } from '../../stores/chat/chat-outbox.ts';
import { loadOlder } from '../../stores/chat/chat-room-history.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import type { ChatMessage } from '../../shared/chat-types.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Time } from '../../ui/Time.tsx';
import { useInfiniteScroll } from '../media/use-infinite-scroll.ts';
import { MessageBubble, PendingBubble } from './MessageBubble.tsx';
import { ReportDialog, type ReportSubject } from '../report/LazyReportDialog.tsx';
import { RemoveMessageDialog } from './RemoveMessageDialog.tsx';
import { useChatScroll } from './use-chat-scroll.ts';

const scrollerClass = css({
  flex: '1',
  minH: '0',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  px: { base: '3', sm: '5' },
  py: '3',
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '-3px' },
});
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', m: '0', p: '0' });
const dayClass = css({
  alignSelf: 'center',
  my: '2',
  px: '3',
  py: '0.5',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'xs',
  fontWeight: 'semibold',
});
const noteClass = css({ display: 'grid', placeItems: 'center', gap: '2', py: '3', color: 'fg.muted', fontSize: 'sm', textAlign: 'center' });

export function MessageList({ me }: { me: { id: number; username: string } }) {
  const room = useStore($chatRoom);
  const outbox = useStore($outbox);
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [reporting, setReporting] = useState<ReportSubject | null>(null);
  const report = (m: ChatMessage) => setReporting({ type: 'message', id: m.id, name: `message from ${m.sender_name}` });
  const [removing, setRemoving] = useState<ChatMessage | null>(null);
  const moderates = room.canModerate && room.community !== null;

  const delivered = new Set(room.messages.map((m) => m.client_id).filter(Boolean));
  const pending = outbox.filter((p) => p.roomId === room.roomId && !delivered.has(p.clientId));
  const newest = room.messages.at(-1);
  const settled = useChatScroll({
    listRef,
    contentRef,
    ready: room.status === 'ready',
    first: room.messages[0]?.id ?? null,
    last: pending.at(-1)?.clientId ?? newest?.id ?? null,
    lastIsMine: pending.length > 0 || newest?.sender_id === me.id,
  });
  const canLoadOlder = settled && room.hasMore && !room.loadingOlder && !room.olderError;
  const sentinel = useInfiniteScroll(() => void loadOlder(), canLoadOlder, root, 'start');

  return (
    <div
      ref={(el) => {
        listRef.current = el;
        setRoot(el);
      }}
      className={scrollerClass}
      role="log"
      aria-label="Messages"
      tabIndex={0}
    >
      <div ref={sentinel} aria-hidden="true" />
      {room.loadingOlder && (
        <div className={noteClass}>
          <Spinner size="sm" label="Loading older messages" />
        </div>
      )}
      {room.olderError && (
        <div className={noteClass}>
          <p>{room.olderError}</p>
          <Button size="sm" variant="outline" onClick={() => void loadOlder()}>
            Try again
          </Button>
        </div>
      )}
      {!room.hasMore && room.messages.length === 0 && pending.length === 0 && <p className={noteClass}>No messages yet. Say hello!</p>}
      <ol ref={contentRef} className={listClass}>
        {room.messages.map((m, i) => (
          <Fragment key={m.id}>
            {(i === 0 || !sameDay(room.messages[i - 1]!.timestamp, m.timestamp)) && (
              <li className={dayClass}>
                <Time iso={m.timestamp} format="day" />
              </li>
            )}
            <MessageBubble
              message={m}
              own={m.sender_id === me.id}
              // Others' messages only; sender 0 is a deleted account, with no one left to report.
              onReport={m.sender_id !== me.id && m.sender_id !== 0 ? report : undefined}
              onRemove={moderates ? setRemoving : undefined}
            />
          </Fragment>
        ))}
        {pending.map((p) => (
          <PendingBubble key={p.clientId} pending={p} myName={me.username} />
        ))}
      </ol>
      <ReportDialog subject={reporting} onClose={() => setReporting(null)} />
      {moderates && <RemoveMessageDialog message={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
}
