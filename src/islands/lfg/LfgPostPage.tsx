/**
 * NOTE: the /lfg/{id} island: the post (title, when, how long, game, platform, spots, tags, who can see it, the
 * description), what the viewer can do (LfgActions), the party with its handles, and the host's waiting requests.
 * It reads the post again whenever the server says it changed (a request, an answer, someone left, closed,
 * ended) and after a reconnect. A post hidden from the viewer, or gone, shows 'Group not found'.
 */
import { useCallback, useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { ApiError, serverMessageOf } from '../../client/api.ts';
import type { LfgDetail } from '../../shared/lfg-types.ts';
import { LFG_VISIBILITY_LABELS } from '../../shared/lfg-values.ts';
import { communityPath } from '../../shared/paths.ts';
import { fetchGroup } from '../../stores/lfg/lfg-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { chipClass } from '../../ui/chip-styles.ts';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Time } from '../../ui/Time.tsx';
import { LfgActions } from './LfgActions.tsx';
import { LfgMembers, LfgRequests } from './LfgMembers.tsx';
import { isRunning, platformText, spotsText, standingText, tagText } from './lfg-text.ts';
import { useLfgChanges } from './use-lfg-changes.ts';

type State = { status: 'loading' } | { status: 'not-found' } | { status: 'error'; message: string } | { status: 'ready'; post: LfgDetail };

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const headerClass = cx(card({ padding: 'lg' }), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
const titleRowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const titleClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2', overflowWrap: 'anywhere' });
const factsClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, auto)' },
  justifyContent: 'start',
  gap: { base: '3', md: '8' },
  m: '0',
});
const factClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  '& dt': { fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' },
});
const factValueClass = css({ fontWeight: 'semibold', m: '0', overflowWrap: 'anywhere' });
const tagsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', m: '0', p: '0' });
const tagClass = css({ px: '2.5', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'semibold', bg: 'bg.subtle' });
const descriptionClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const metaClass = css({ color: 'fg.muted', fontSize: 'sm' });
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});
const centreClass = css({ display: 'grid', placeItems: 'center', py: '16' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '4' });

const durationText = (minutes: number) =>
  minutes < 60 ? `${minutes}\u00a0min` : `${Math.floor(minutes / 60)}\u00a0h${minutes % 60 ? ` ${minutes % 60}\u00a0min` : ''}`;

export default function LfgPostPage({ id }: { id: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async () => {
    try {
      const { lfg } = await fetchGroup(id);
      setState({ status: 'ready', post: lfg });
      document.title = `${lfg.title} · Savepoint`;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ status: 'not-found' });
      else setState({ status: 'error', message: serverMessageOf(err) ?? 'Failed to load the group' });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);
  useLfgChanges((changed) => {
    if (changed === null || changed === id) void load();
  });

  if (state.status === 'loading')
    return (
      <div className={centreClass}>
        <Spinner label="Loading group" />
      </div>
    );
  if (state.status === 'not-found') return <NotFoundOnDemand kind="group" />;
  if (state.status === 'error')
    return (
      <div className={errorClass}>
        <Alert>{state.message}</Alert>
        <Button variant="outline" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );

  const { post } = state;
  const standing = standingText(post);
  return (
    <div className={pageClass}>
      <section className={headerClass} aria-labelledby="lfg-title">
        <div className={titleRowClass}>
          <h1 id="lfg-title" className={titleClass}>
            {post.title}
          </h1>
          {standing && <span className={chipClass}>{standing}</span>}
        </div>
        <dl className={factsClass}>
          <div className={factClass}>
            <dt>{isRunning(post) ? 'Starts' : 'Started'}</dt>
            <dd className={factValueClass}>
              <Time iso={post.starts_at} format={isRunning(post) ? 'upcoming' : 'dateTime'} />
            </dd>
          </div>
          <div className={factClass}>
            <dt>Game</dt>
            <dd className={factValueClass}>
              <a href={`/games/${encodeURIComponent(post.game.slug)}`}>{post.game.name}</a>
            </dd>
          </div>
          <div className={factClass}>
            <dt>Platform</dt>
            <dd className={factValueClass}>{platformText(post)}</dd>
          </div>
          <div className={factClass}>
            <dt>Spots</dt>
            <dd className={factValueClass}>{spotsText(post)}</dd>
          </div>
        </dl>
        {post.tags.length > 0 && (
          <ul className={tagsClass} aria-label="Tags">
            {post.tags.map((t) => (
              <li key={t} className={tagClass}>
                {tagText(t)}
              </li>
            ))}
          </ul>
        )}
        {post.description && <p className={descriptionClass}>{post.description}</p>}
        <p className={metaClass}>
          Hosted by {post.host.username} · for {durationText(post.duration_minutes)} · {LFG_VISIBILITY_LABELS[post.visibility]}
          {post.community && (
            <>
              {' '}
              of <a href={communityPath(post.community.slug)}>{post.community.name}</a>
            </>
          )}
        </p>
        <LfgActions post={post} onChanged={() => void load()} />
      </section>
      <div className={gridClass}>
        <LfgMembers post={post} />
        {post.requests !== null && <LfgRequests post={post} onAnswered={() => void load()} />}
      </div>
    </div>
  );
}
