/**
 * NOTE: the /lfg/{id} island: the post (title, when, how long, game, platform, spots, tags, who can see it, the
 * description), what the viewer can do (LfgActions), the party with its handles, and the host's waiting requests.
 * It reads the post again whenever the server says it changed (a request, an answer, someone left, closed,
 * ended) and after a reconnect. A post hidden from the viewer, or gone, shows 'Group not found'.
 */
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { LFG_VISIBILITY_LABELS } from '../../shared/lfg-values.ts';
import { communityPath } from '../../shared/paths.ts';
import { fetchGroup } from '../../stores/lfg/lfg-api.ts';
import { chipClass } from '../../ui/chip-styles.ts';
import { NotReady } from '../../ui/NotReady.tsx';
import { Time } from '../../ui/Time.tsx';
import { useLoaded } from '../../ui/use-loaded.ts';
import { LfgActions } from './LfgActions.tsx';
import { LfgMembers, LfgRequests } from './LfgMembers.tsx';
import { isRunning, platformText, spotsText, standingText } from './lfg-text.ts';
import { LfgTags } from './LfgTags.tsx';
import { useLfgChanges } from './use-lfg-changes.ts';

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
const descriptionClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const metaClass = css({ color: 'fg.muted', fontSize: 'sm' });
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});

const durationText = (minutes: number) =>
  minutes < 60 ? `${minutes}\u00a0min` : `${Math.floor(minutes / 60)}\u00a0h${minutes % 60 ? ` ${minutes % 60}\u00a0min` : ''}`;

export default function LfgPostPage({ id }: { id: number }) {
  const { state, reload } = useLoaded(
    async () => {
      const { lfg } = await fetchGroup(id);
      document.title = `${lfg.title} · Savepoint`;
      return lfg;
    },
    'Failed to load the group',
    [id],
  );
  const load = () => void reload();
  useLfgChanges((changed) => {
    if (changed === null || changed === id) load();
  });
  if (state.status !== 'ready') return <NotReady state={state} kind="group" loadingLabel="Loading group" onRetry={load} />;

  const post = state.value;
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
        <LfgTags tags={post.tags} large />
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
        <LfgActions post={post} onChanged={load} />
      </section>
      <div className={gridClass}>
        <LfgMembers post={post} />
        {post.requests !== null && <LfgRequests post={post} onAnswered={load} />}
      </div>
    </div>
  );
}
