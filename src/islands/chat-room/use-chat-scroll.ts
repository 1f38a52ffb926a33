/**
 * NOTE: where the message list stays (spec §2 "Chat room"). Rules for callers:
 * - Give `listRef` to the scrolling element and `contentRef` to what it scrolls. `first`/`last` identify the
 *   oldest and newest items shown (pending sends included); `lastIsMine` says the newest is one's own.
 * - Once `ready`: the list opens at the bottom; a new item at the bottom scrolls into view when the person was
 *   near the bottom (or sent it); older items added on top keep what the person was reading in place; content
 *   that grows (an image that loaded) keeps the bottom in view if it was.
 * - Returns `settled`: true after the first scroll to the bottom (load older messages only from then on).
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this distance of the bottom counts as "reading the newest". */
const NEAR_BOTTOM_PX = 120;
type Key = string | number | null;

export function useChatScroll(opts: {
  listRef: RefObject<HTMLElement | null>;
  contentRef: RefObject<HTMLElement | null>;
  ready: boolean;
  first: Key;
  last: Key;
  lastIsMine: boolean;
}): boolean {
  const { listRef, contentRef, ready, first, last, lastIsMine } = opts;
  const fromBottom = useRef(0);
  const shown = useRef<{ first: Key; last: Key }>({ first: null, last: null });
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => (fromBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight);
    list.addEventListener('scroll', onScroll, { passive: true });
    const content = contentRef.current;
    const growth = new ResizeObserver(() => {
      if (fromBottom.current < NEAR_BOTTOM_PX) list.scrollTop = list.scrollHeight;
    });
    if (content) growth.observe(content);
    return () => {
      list.removeEventListener('scroll', onScroll);
      growth.disconnect();
    };
  }, [listRef, contentRef, ready]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !ready) return;
    const before = shown.current;
    shown.current = { first, last };
    if (!settled) {
      list.scrollTop = list.scrollHeight;
      fromBottom.current = 0;
      setSettled(true);
    } else if (last !== before.last && (lastIsMine || fromBottom.current < NEAR_BOTTOM_PX)) {
      list.scrollTop = list.scrollHeight;
      fromBottom.current = 0;
    } else if (first !== before.first) {
      list.scrollTop = list.scrollHeight - list.clientHeight - fromBottom.current;
    }
  }, [listRef, ready, settled, first, last, lastIsMine]);

  return settled;
}
