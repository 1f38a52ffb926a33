/**
 * NOTE: app start (spec §2 "App start") on signed-in pages. Checks the session once per full page load and
 * covers the page with a centred spinner until that check settles (success or failure), then starts the
 * realtime socket, which follows the session from then on. Mount it with `transition:persist` so ClientRouter
 * navigations keep it (and do not show the spinner again). When the session ends elsewhere (password changed or
 * session revoked in another browser), it sends the person to /login, back here after signing in. It also lets a
 * click on a push notification move this tab (stores/push/notification-clicks.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { LOGIN_PATH, NEXT_PARAM } from '../../shared/constants.ts';
import { $sessionChecked, checkSessionOnce, onSessionEnded } from '../../stores/accounts/session.ts';
import { startRealtime } from '../../stores/socket.ts';
import { followNotificationClicks } from '../../stores/push/notification-clicks.ts';
import { Spinner } from '../../ui/Spinner.tsx';

const overlayClass = css({
  position: 'fixed',
  inset: '0',
  zIndex: 'overlay',
  display: 'grid',
  placeItems: 'center',
  bg: 'bg.canvas',
  // Without scripts the check never runs; the server already guarded the page, so show it.
  _noscript: { display: 'none' },
});

export default function SessionGate() {
  const checked = useStore($sessionChecked);
  useEffect(() => {
    startRealtime();
    void checkSessionOnce();
    const stopFollowing = followNotificationClicks();
    const stopWatching = onSessionEnded(() => {
      const here = window.location.pathname + window.location.search;
      window.location.assign(`${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(here)}`);
    });
    return () => (stopFollowing(), stopWatching());
  }, []);
  if (checked) return null;
  return (
    <div className={overlayClass}>
      <Spinner label="Loading" />
    </div>
  );
}
