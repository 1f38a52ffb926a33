/**
 * NOTE: a community's page (/communities/{slug}): its header (badge, name, member count, who can join, games) with
 * the viewer's action (Join, Request to join, Requested, Leave; the banned are told so), then its description and
 * rules, its posts, channels and members for those who may see them. The page has already answered 404 for a community hidden
 * from the viewer; one that goes away meanwhile shows the not-found state.
 */
import { css, cx } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { plural } from '../../shared/plural.ts';
import { communityImageUrl, fetchCommunity } from '../../stores/communities/communities-api.ts';
import { communityPath } from '../../shared/paths.ts';
import { chipClass } from '../../ui/chip-styles.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CommunityBadge } from './CommunityBadge.tsx';
import { CommunityChannels } from './CommunityChannels.tsx';
import { CommunityMembers } from './CommunityMembers.tsx';
import { CommunityLfg } from '../lfg/CommunityLfg.tsx';
import { CommunityPosts } from './CommunityPosts.tsx';
import { JoinAction } from './JoinAction.tsx';
import { COMMUNITY_VISIBILITY_NAMES } from '../../shared/community-values.ts';
import { NotReady } from '../../ui/NotReady.tsx';
import { useLoaded } from '../../ui/use-loaded.ts';

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const headerClass = cx(
  card(),
  css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, alignItems: { base: 'flex-start', sm: 'center' }, gap: '4' }),
);
const bannerClass = css({
  w: 'full',
  aspectRatio: { base: '3 / 1', md: '4 / 1' },
  objectFit: 'cover',
  borderRadius: 'xl',
  bg: 'bg.subtle',
  display: 'block',
});
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' });
const identityClass = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '1', minW: '0' });
const nameClass = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2', overflowWrap: 'anywhere' });
const metaClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' });
const gameLinkClass = css({ color: 'primary.text', fontWeight: 'medium', _hover: { textDecoration: 'underline' } });
const columnsClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 22rem' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});
const stackClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, minW: '0' });
const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const textClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted' });
const rulesClass = css({ pl: '5', listStyleType: 'decimal', display: 'flex', flexDirection: 'column', gap: '1', overflowWrap: 'anywhere' });

export default function CommunityPage({ slug, viewer, openPost = null }: { slug: string; viewer: string; openPost?: number | null }) {
  const { state, reload } = useLoaded(async () => (await fetchCommunity(slug)).community, 'Failed to load the community', [slug]);
  const load = () => void reload();
  if (state.status !== 'ready') return <NotReady state={state} kind="community" loadingLabel="Loading community" onRetry={load} />;
  const c = state.value;
  return (
    <div className={pageClass}>
      {c.has_banner && <img className={bannerClass} src={communityImageUrl(c.slug, 'banner')} alt="" decoding="async" />}
      <header className={headerClass}>
        <CommunityBadge name={c.name} size="lg" icon={c.has_icon ? communityImageUrl(c.slug, 'icon') : null} />
        <div className={identityClass}>
          <h1 className={nameClass}>{c.name}</h1>
          <p className={metaClass}>
            <span>{plural(c.member_count, 'member')}</span>
            <span aria-hidden="true">·</span>
            <span>{COMMUNITY_VISIBILITY_NAMES[c.visibility]}</span>
            {c.my_role && c.my_role !== 'member' && <span className={chipClass}>{c.my_role === 'owner' ? 'Owner' : 'Moderator'}</span>}
          </p>
          {c.games.length > 0 && (
            <p className={metaClass}>
              {c.games.map((g) => (
                <a key={g.slug} className={gameLinkClass} href={`/games/${encodeURIComponent(g.slug)}`}>
                  {g.name}
                </a>
              ))}
            </p>
          )}
        </div>
        <div className={actionsClass}>
          {(c.my_role === 'owner' || c.my_role === 'moderator') && (
            <a className={button({ variant: 'outline' })} href={`${communityPath(c.slug)}/settings`}>
              <Icon name="settings" />
              Settings
            </a>
          )}
          <JoinAction community={c} onChanged={load} />
        </div>
      </header>
      <div className={columnsClass}>
        <div className={stackClass}>
          <section className={sectionClass} aria-labelledby="community-about">
            <h2 id="community-about" className={headingClass}>
              About
            </h2>
            {c.description ? <p className={textClass}>{c.description}</p> : <p className={mutedClass}>No description yet.</p>}
            {c.rules.length > 0 && (
              <>
                <h3 className={headingClass}>Rules</h3>
                <ol className={rulesClass}>
                  {c.rules.map((rule, i) => (
                    <li key={i}>{rule}</li>
                  ))}
                </ol>
              </>
            )}
          </section>
          {c.can_see_content && <CommunityPosts community={c} viewer={viewer} openPost={openPost} />}
        </div>
        {c.can_see_content ? (
          <div className={stackClass}>
            <CommunityChannels community={c} />
            {c.my_status === 'member' && <CommunityLfg slug={c.slug} />}
            <CommunityMembers slug={c.slug} count={c.member_count} />
          </div>
        ) : (
          <section className={sectionClass} aria-labelledby="community-members">
            <h2 id="community-members" className={headingClass}>
              Members
            </h2>
            <p className={mutedClass}>{c.my_status === 'banned' ? 'You are banned from this community.' : 'Join to see its members.'}</p>
          </section>
        )}
      </div>
    </div>
  );
}
