/**
 * The account screen's 'Notifications on this device' card (ADR 053): whether this browser gets pushes (turned on
 * only when the person presses the button, which is when the browser asks for permission), a test push, turning it
 * off, and what to be notified about (for every device). States: checking, not possible here (with why: iPhones
 * need the app on the Home Screen), blocked in the browser's settings, off, on; errors say what went wrong.
 */
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import type { PushPreferences } from '../../shared/push-values.ts';
import {
  deviceState,
  fetchPreferences,
  pushSupport,
  sendTest,
  turnOff,
  turnOn,
  type DeviceState,
  type PushSupport,
} from '../../stores/push/push-api.ts';
import { showToast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SectionCard } from '../profile/SectionCard.tsx';
import { PushPreferencesList } from './PushPreferencesList.tsx';

const groupClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });
const rowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });
const stateClass = css({ fontWeight: 'semibold' });
const dividerClass = css({
  borderTopWidth: '1px',
  borderColor: 'border.default',
  mt: '5',
  pt: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
const headingClass = css({ fontSize: 'md', fontWeight: 'semibold' });

const EXPLAIN = 'Get a notification on this device when a message, request or reply arrives while Savepoint is closed.';
const NOT_HERE: Record<Exclude<PushSupport, 'supported'>, string> = {
  'home-screen': 'On iPhone and iPad, add Savepoint to your Home Screen first (Share, then Add to Home Screen) and open it from there.',
  unsupported: "This browser can't show notifications from Savepoint.",
};

const messageOf = (err: unknown, fallback: string) =>
  serverMessageOf(err) ?? (err instanceof Error && err.message ? err.message : fallback);

export default function PushSection() {
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [state, setState] = useState<DeviceState | null>(null);
  const [prefs, setPrefs] = useState<PushPreferences | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const here = pushSupport();
    setSupport(here);
    if (here === 'supported')
      deviceState().then(setState, (err: unknown) => (setState('off'), setError(messageOf(err, 'Could not check this device.'))));
    fetchPreferences().then(
      (r) => setPrefs(r.preferences),
      (err: unknown) => setError(messageOf(err, 'Could not load your notification settings.')),
    );
  }, []);

  const test = async () => {
    await sendTest();
    showToast('success', 'Test notification sent');
  };

  async function act(work: () => Promise<DeviceState | void>, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      if (next) setState(next);
    } catch (err) {
      setError(messageOf(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  let device;
  if (support === null || (support === 'supported' && state === null)) device = <Spinner label="Checking this device" />;
  else if (support !== 'supported') device = <p className={mutedClass}>{NOT_HERE[support]}</p>;
  else if (state === 'blocked')
    device = (
      <p className={mutedClass}>
        Notifications are blocked for Savepoint in this browser. Allow them in the site settings, then reload this page.
      </p>
    );
  else if (state === 'off')
    device = (
      <>
        <p className={mutedClass}>{EXPLAIN}</p>
        <Button onClick={() => void act(turnOn, 'Notifications could not be turned on.')} disabled={busy}>
          Turn on notifications
        </Button>
      </>
    );
  else
    device = (
      <>
        <p className={stateClass}>On for this device</p>
        <div className={rowClass}>
          <Button variant="outline" onClick={() => void act(test, 'The test could not be sent.')} disabled={busy}>
            Send a test notification
          </Button>
          <Button variant="ghost" onClick={() => void act(turnOff, 'Notifications could not be turned off.')} disabled={busy}>
            Turn off
          </Button>
        </div>
      </>
    );

  return (
    <SectionCard title="Notifications on this device">
      <div id="notifications" className={groupClass}>
        {error && <Alert>{error}</Alert>}
        {device}
      </div>
      <div className={dividerClass}>
        <h3 className={headingClass}>Notify me about</h3>
        {prefs ? <PushPreferencesList initial={prefs} /> : !error && <Spinner label="Loading your notification settings" />}
      </div>
    </SectionCard>
  );
}
