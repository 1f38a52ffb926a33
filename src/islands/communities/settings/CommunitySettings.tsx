/**
 * NOTE: a community's settings (/communities/{slug}/settings), for its moderators and owner: tabs for the details
 * (and, for the owner, deleting it), join requests, reports on its content, channels, invite links, members and roles, bans and the mod log. The
 * page has already answered 404 for a community hidden from the viewer; anyone else who may see it is told the
 * settings are for moderators. Every call is checked again by the server. Panels other than the details load
 * their code when their tab is first opened.
 */
import { useEffect } from 'react';
import { css } from '../../../../styled-system/css';
import { communityImageUrl, fetchCommunity } from '../../../stores/communities/communities-api.ts';
import { communityPath } from '../../../shared/paths.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { onDemand } from '../../../ui/on-demand.ts';
import type { Tab } from '../../../ui/tabs/tab-list.ts';
import { TabList } from '../../../ui/tabs/TabList.tsx';
import { OnDemandPanel, useTabPanels } from '../../../ui/tabs/use-tab-panels.tsx';
import { CommunityBadge } from '../CommunityBadge.tsx';
import { DetailsPanel } from './DetailsPanel.tsx';
import { NotReady } from '../../../ui/NotReady.tsx';
import { useLoaded } from '../../../ui/use-loaded.ts';

type TabValue = 'details' | 'requests' | 'reports' | 'channels' | 'invites' | 'members' | 'bans' | 'modlog';
const TABS: Tab<TabValue>[] = [
  { value: 'details', label: 'Details' },
  { value: 'requests', label: 'Requests' },
  { value: 'reports', label: 'Reports' },
  { value: 'channels', label: 'Channels' },
  { value: 'invites', label: 'Invites' },
  { value: 'members', label: 'Members' },
  { value: 'bans', label: 'Bans' },
  { value: 'modlog', label: 'Mod log' },
];
const requests = onDemand(() => import('./RequestsPanel.tsx').then((m) => m.RequestsPanel));
const reports = onDemand(() => import('./ReportsPanel.tsx').then((m) => m.ReportsPanel));
const channels = onDemand(() => import('./ChannelsPanel.tsx').then((m) => m.ChannelsPanel));
const invites = onDemand(() => import('./InvitesPanel.tsx').then((m) => m.InvitesPanel));
const members = onDemand(() => import('./MembersPanel.tsx').then((m) => m.MembersPanel));
const bans = onDemand(() => import('./BansPanel.tsx').then((m) => m.BansPanel));
const modlog = onDemand(() => import('./ModlogPanel.tsx').then((m) => m.ModlogPanel));

const headerClass = css({ display: 'flex', alignItems: 'center', gap: '3', mb: '6', minW: '0' });
const titleClass = css({ display: 'flex', flexDirection: 'column', minW: '0' });
const h1Class = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' });
const backClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  color: 'primary.text',
  fontSize: 'sm',
  fontWeight: 'medium',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  '& svg': { w: '4', h: '4', flexShrink: '0' },
});
const centreClass = css({ display: 'grid', placeItems: 'center', gap: '4', py: '10', textAlign: 'center' });

export default function CommunitySettings({ slug }: { slug: string }) {
  const { state, reload } = useLoaded(async () => (await fetchCommunity(slug)).community, 'Failed to load the community', [slug]);
  const { value, choose, panel } = useTabPanels<TabValue>('community-settings', 'details');
  // A link may name a tab (…/settings#requests, where a join request leads): chosen once the page runs.
  const ready = state.status === 'ready';
  useEffect(() => {
    const asked = window.location.hash.slice(1);
    if (ready && TABS.some((tab) => tab.value === asked)) choose(asked as TabValue);
    // Once, when the settings first show: later clicks choose for themselves.
  }, [ready]);

  if (state.status !== 'ready')
    return <NotReady state={state} kind="community" loadingLabel="Loading settings" onRetry={() => void reload()} />;
  const c = state.value;
  const back = (
    <a className={backClass} href={communityPath(c.slug)}>
      <Icon name="arrowBack" />
      {c.name}
    </a>
  );
  if (c.my_role !== 'owner' && c.my_role !== 'moderator')
    return (
      <div className={centreClass}>
        <p>Only this community&apos;s moderators can change its settings.</p>
        {back}
      </div>
    );
  const props = { community: c, onChanged: () => void reload() };
  return (
    <>
      <header className={headerClass}>
        <CommunityBadge name={c.name} size="lg" icon={c.has_icon ? communityImageUrl(c.slug, 'icon') : null} />
        <div className={titleClass}>
          {back}
          <h1 className={h1Class}>Community settings</h1>
        </div>
      </header>
      <TabList name="community-settings" label="Community settings" tabs={TABS} value={value} onValueChange={choose} />
      {panel('details', <DetailsPanel {...props} />)}
      {panel('requests', <OnDemandPanel view={requests} name="requests" props={props} />)}
      {panel('reports', <OnDemandPanel view={reports} name="reports" props={props} />)}
      {panel('channels', <OnDemandPanel view={channels} name="channels" props={props} />)}
      {panel('invites', <OnDemandPanel view={invites} name="invites" props={props} />)}
      {panel('members', <OnDemandPanel view={members} name="members" props={props} />)}
      {panel('bans', <OnDemandPanel view={bans} name="bans" props={props} />)}
      {panel('modlog', <OnDemandPanel view={modlog} name="the mod log" props={props} />)}
    </>
  );
}
