/**
 * The 'Bans' tab: bans that have not ended, newest first, with who, why and until when, and 'Lift ban' (the
 * person may then join again). Bans are made from the members tab.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { serverMessageOf } from '../../../client/api.ts';
import type { CommunityBan } from '../../../shared/community-types.ts';
import { fetchBans, liftBan } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Time } from '../../../ui/Time.tsx';
import type { SettingsPanelProps } from './panel-props.ts';
import { PersonLine } from './PersonLine.tsx';

const centreClass = css({ display: 'grid', placeItems: 'center', gap: '3', py: '10', textAlign: 'center', color: 'fg.muted' });

type State = { status: 'loading' } | { status: 'ready'; bans: CommunityBan[] } | { status: 'error'; message: string };

export function BansPanel({ community }: SettingsPanelProps) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', bans: (await fetchBans(community.slug)).bans });
    } catch (err) {
      setState({ status: 'error', message: serverMessageOf(err) ?? 'Could not load the bans. Please try again.' });
    }
  }, [community.slug]);
  useEffect(() => void load(), [load]);

  async function lift(ban: CommunityBan) {
    setBusy(ban.user_id);
    try {
      toast.success((await liftBan(community.slug, ban.user_id)).message);
      setState((s) => (s.status === 'ready' ? { ...s, bans: s.bans.filter((b) => b.user_id !== ban.user_id) } : s));
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'The ban could not be lifted. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  if (state.status === 'loading')
    return (
      <div className={centreClass}>
        <Spinner label="Loading bans" />
      </div>
    );
  if (state.status === 'error')
    return (
      <div className={centreClass}>
        <Alert>{state.message}</Alert>
        <Button variant="outline" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );
  if (state.bans.length === 0) return <p className={centreClass}>No one is banned.</p>;
  return (
    <ul className={panelListClass} aria-label="Bans">
      {state.bans.map((ban) => (
        <PersonLine
          key={ban.user_id}
          person={ban}
          meta={
            <>
              {ban.ends_at ? (
                <>
                  Until <Time iso={ban.ends_at} format="dateTime" />
                </>
              ) : (
                'Until lifted'
              )}
              {ban.reason && ` · ${ban.reason}`}
            </>
          }
        >
          <Button size="sm" variant="outline" onClick={() => void lift(ban)} disabled={busy === ban.user_id}>
            Lift ban
          </Button>
        </PersonLine>
      ))}
    </ul>
  );
}
