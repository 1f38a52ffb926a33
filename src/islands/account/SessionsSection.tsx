/**
 * The account screen's "Where you're signed in" card: every live session, this one first marked 'This device',
 * the others with when they were last used and a Sign out button each, then 'Sign out everywhere else'. An ended
 * session's browser notices at once (its socket drops) and goes to sign-in. States: loading, error with
 * 'Try again', only this device, the list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { formatTime } from '../../client/times.ts';
import type { AccountSession } from '../../shared/account-types.ts';
import { $accountSessions, endSessions, loadSessions } from '../../stores/accounts/account.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { panelListClass } from '../../ui/list-styles.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Time, useNow } from '../../ui/Time.tsx';
import { SectionCard } from '../profile/SectionCard.tsx';

const rowClass = css({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '3', px: '4', py: '3' });
const whoClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0', flex: '1' });
const nameClass = css({ fontWeight: 'medium', overflowWrap: 'anywhere' });
const whenClass = css({ color: 'fg.muted', fontSize: 'sm' });
const badgeClass = css({
  alignSelf: 'flex-start',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.text',
});
const footerClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mt: '4' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

const nameOf = (s: AccountSession) => `${s.browser} on ${s.device}`;

export default function SessionsSection() {
  const stored = useStore($accountSessions);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  // The server renders the loading state; a list kept from an earlier visit must wait for hydration to show.
  const [mounted, setMounted] = useState(false);
  const state = mounted ? stored : ({ status: 'loading' } as const);
  // The list shows only once hydrated, so `now` is set wherever a session's button needs it.
  const now = useNow() ?? Date.now();

  useEffect(() => {
    setMounted(true);
    void loadSessions();
  }, []);

  async function end(which: number | 'all') {
    setBusy(which);
    try {
      toast.success(await endSessions(which === 'all' ? undefined : which));
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'Could not sign that session out. Please try again.');
      void loadSessions();
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (state.status === 'loading') {
    body = (
      <div className={centerClass}>
        <Spinner label="Loading sessions" />
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <div className={errorClass}>
        <Alert>{state.message}</Alert>
        <Button variant="outline" size="sm" onClick={() => void loadSessions()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const others = state.sessions.filter((s) => !s.current);
    const sorted = [...state.sessions.filter((s) => s.current), ...others];
    body = (
      <>
        <ul className={panelListClass} aria-label="Sessions">
          {sorted.map((s) => (
            <li key={s.id} className={rowClass}>
              <div className={whoClass}>
                <span className={nameClass}>{nameOf(s)}</span>
                {s.current ? (
                  <span className={badgeClass}>This device</span>
                ) : (
                  <span className={whenClass}>
                    Last seen <Time iso={s.last_seen_at} format="ago" />
                  </span>
                )}
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Sign out ${nameOf(s)}, last seen ${formatTime(s.last_seen_at, 'ago', { now })}`}
                  disabled={busy !== null}
                  aria-busy={busy === s.id}
                  onClick={() => void end(s.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className={footerClass}>
          {others.length === 0 ? (
            <p className={mutedClass}>You're not signed in anywhere else.</p>
          ) : (
            <Button
              variant="outline"
              palette="secondary"
              size="sm"
              disabled={busy !== null}
              aria-busy={busy === 'all'}
              onClick={() => void end('all')}
            >
              Sign out everywhere else
            </Button>
          )}
        </div>
      </>
    );
  }

  return <SectionCard title="Where you're signed in">{body}</SectionCard>;
}
