/**
 * What a person wants pushed (ADR 053): one switch per kind, saved as it is flipped (for every device of theirs).
 * A failed save puts the switch back and says why.
 */
import { Switch } from '@ark-ui/react/switch';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import { PUSH_PREFERENCE_LABELS, PUSH_PREFERENCES, type PushPreference, type PushPreferences } from '../../shared/push-values.ts';
import { savePreferences } from '../../stores/push/push-api.ts';
import { Alert } from '../../ui/Alert.tsx';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
const rootClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', cursor: 'pointer' });
const controlClass = css({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  w: '10',
  h: '6',
  p: '0.5',
  borderRadius: 'full',
  bg: 'border.field',
  transition: 'background 0.15s',
  _checked: { bg: 'primary.solid' },
  _disabled: { opacity: 0.5 },
  '[data-focus-visible] &': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const thumbClass = css({
  w: '5',
  h: '5',
  borderRadius: 'full',
  bg: 'white',
  boxShadow: 'sm',
  transition: 'transform 0.15s',
  _checked: { transform: 'translateX(16px)' },
});

export function PushPreferencesList({ initial }: { initial: PushPreferences }) {
  const [prefs, setPrefs] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function flip(name: PushPreference, on: boolean) {
    const before = prefs;
    const next = { ...prefs, [name]: on };
    setPrefs(next);
    setError(null);
    try {
      setPrefs((await savePreferences(next)).preferences);
    } catch (err) {
      setPrefs(before);
      setError(serverMessageOf(err) ?? 'Your choice could not be saved. Try again.');
    }
  }

  return (
    <>
      {error && <Alert>{error}</Alert>}
      <ul className={listClass} aria-label="What to notify you about">
        {PUSH_PREFERENCES.map((name) => (
          <li key={name}>
            <Switch.Root className={rootClass} checked={prefs[name]} onCheckedChange={(d) => void flip(name, d.checked)}>
              <Switch.Label>{PUSH_PREFERENCE_LABELS[name]}</Switch.Label>
              <Switch.Control className={controlClass}>
                <Switch.Thumb className={thumbClass} />
              </Switch.Control>
              {/* A switch to screen readers too (the input is the control they reach). */}
              <Switch.HiddenInput role="switch" />
            </Switch.Root>
          </li>
        ))}
      </ul>
    </>
  );
}
