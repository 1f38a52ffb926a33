/**
 * The 'Bans' tab: bans that have not ended, newest first, with who, why and until when, and 'Lift ban' (the
 * person may then join again). Bans are made from the members tab.
 */
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { serverMessageOf } from '../../../client/api.ts';
import type { CommunityBan } from '../../../shared/community-types.ts';
import { fetchBans, liftBan } from '../../../stores/communities/community-settings-api.ts';
import { toast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { panelListClass } from '../../../ui/list-styles.ts';
import { Time } from '../../../ui/Time.tsx';
import type { SettingsPanelProps } from './panel-props.ts';
import { PersonLine } from './PersonLine.tsx';
import { NotReady } from '../../../ui/NotReady.tsx';
import { useLoaded } from '../../../ui/use-loaded.ts';

const centreClass = css({ display: 'grid', placeItems: 'center', gap: '3', py: '10', textAlign: 'center', color: 'fg.muted' });

export function BansPanel({ community }: SettingsPanelProps) {
  const { state, reload } = useLoaded(async () => (await fetchBans(community.slug)).bans, 'Could not load the bans. Please try again.', [
    community.slug,
  ]);
  const [lifted, setLifted] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);

  async function lift(ban: CommunityBan) {
    setBusy(ban.user_id);
    try {
      toast.success((await liftBan(community.slug, ban.user_id)).message);
      setLifted((ids) => new Set([...ids, ban.user_id]));
    } catch (err) {
      toast.error(serverMessageOf(err) ?? 'The ban could not be lifted. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  if (state.status !== 'ready') return <NotReady state={state} loadingLabel="Loading bans" onRetry={() => void reload()} />;
  const bans = state.value.filter((ban) => !lifted.has(ban.user_id));
  if (bans.length === 0) return <p className={centreClass}>No one is banned.</p>;
  return (
    <ul className={panelListClass} aria-label="Bans">
      {bans.map((ban) => (
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
