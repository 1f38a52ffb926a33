/**
 * NOTE: calls `onChange(id)` whenever the server says a post the viewer is involved in changed (`lfg_changed`: a
 * request, an answer, someone left, closed, ended), and after a reconnect (what was missed meanwhile is read again).
 */
import { useEffect, useRef } from 'react';
import { $socketConnected, onServerEvent } from '../../stores/socket.ts';

export function useLfgChanges(onChange: (id: number | null) => void): void {
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    const off = onServerEvent('lfg_changed', ({ lfg_id }) => handler.current(lfg_id));
    let first = true;
    const offConnected = $socketConnected.listen((connected) => {
      if (!connected) return;
      if (!first) handler.current(null);
      first = false;
    });
    return () => {
      off();
      offConnected();
    };
  }, []);
}
