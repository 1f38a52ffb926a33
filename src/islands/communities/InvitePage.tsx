/**
 * NOTE: an invite link's page (/communities/invites/{code}): where the invite leads (the community's badge, name,
 * description, member count and games) and when it expires, with 'Join' (one click; nothing is used before it).
 * A member is offered the community itself; a banned person is told so. The page has already answered 404 for a
 * wrong, used-up or expired code; one that runs out meanwhile shows the same state.
 */
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { ApiError, serverMessageOf } from '../../client/api.ts';
import { COMMUNITY_VISIBILITY_NAMES } from '../../shared/community-values.ts';
import { plural } from '../../shared/plural.ts';
import { acceptInvite, communityImageUrl, previewInvite } from '../../stores/communities/communities-api.ts';
import { communityPath } from '../../shared/paths.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { Time } from '../../ui/Time.tsx';
import { CommunityBadge } from './CommunityBadge.tsx';
import { NotReady } from '../../ui/NotReady.tsx';
import { useLoaded } from '../../ui/use-loaded.ts';

const cardClass = cx(
  card(),
  css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', textAlign: 'center', py: '8' }),
);
const leadClass = css({ color: 'fg.muted' });
const nameClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', overflowWrap: 'anywhere' });
const textClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineClamp: '4', maxW: 'prose' });
const metaClass = css({ color: 'fg.muted', fontSize: 'sm' });

async function open(slug: string): Promise<void> {
  const { navigate } = await import('astro:transitions/client');
  await navigate(communityPath(slug));
}

export default function InvitePage({ code }: { code: string }) {
  const { state, reload } = useLoaded(() => previewInvite(code), 'Failed to load the invite', [code]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [gone, setGone] = useState(false);

  async function join() {
    setBusy(true);
    setError(null);
    try {
      await open((await acceptInvite(code)).community.slug);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setGone(true);
      else setError(serverMessageOf(err) ?? 'Joining failed. Please try again.');
      setBusy(false);
    }
  }

  if (gone) return <NotFoundOnDemand kind="invite" />;
  if (state.status !== 'ready')
    return <NotReady state={state} kind="invite" loadingLabel="Loading the invite" onRetry={() => void reload()} />;
  const { community: c, invite } = state.value;
  return (
    <section className={cardClass} aria-labelledby="invite-name">
      <p className={leadClass}>You are invited to join</p>
      <CommunityBadge
        name={c.name}
        size="lg"
        icon={c.has_icon && (c.visibility !== 'invite' || c.my_status === 'member') ? communityImageUrl(c.slug, 'icon') : null}
      />
      <h1 id="invite-name" className={nameClass}>
        {c.name}
      </h1>
      {c.description && <p className={textClass}>{c.description}</p>}
      <p className={metaClass}>
        {plural(c.member_count, 'member')} · {COMMUNITY_VISIBILITY_NAMES[c.visibility]}
        {c.games.length > 0 && ` · ${c.games.map((g) => g.name).join(', ')}`}
      </p>
      {error && <Alert>{error}</Alert>}
      {c.my_status === 'member' ? (
        <>
          <p>You are already a member.</p>
          <a className={button()} href={communityPath(c.slug)}>
            Open community
          </a>
        </>
      ) : c.my_status === 'banned' ? (
        <p className={metaClass}>You are banned from this community.</p>
      ) : (
        <Button onClick={() => void join()} disabled={busy} aria-busy={busy}>
          {busy ? 'Joining...' : `Join ${c.name}`}
        </Button>
      )}
      <p className={metaClass}>
        The invite expires <Time iso={invite.expires_at} format="dateTime" />.
      </p>
    </section>
  );
}
