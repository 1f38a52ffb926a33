/**
 * NOTE: the looking-for-group card of a community page, for its members: the way to the board filtered on the
 * community (its groups reach members only) and 'Post a group' with the community chosen. No list here: the
 * community page is at its JS budget; the board shows the groups.
 */
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { button, card } from '../../../styled-system/recipes';
import { LFG_BOARD } from '../../shared/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

const NewLfgDialog = lazyOnOpen(() => import('./NewLfgDialog.tsx').then((m) => m.NewLfgDialog));

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export function CommunityLfg({ slug }: { slug: string }) {
  const [creating, setCreating] = useState(false);
  return (
    <section className={sectionClass} aria-labelledby="community-lfg">
      <h2 id="community-lfg" className={headingClass}>
        Looking for group
      </h2>
      <p className={mutedClass}>Find members to play with, or post a group only members see.</p>
      <div className={actionsClass}>
        <a className={button({ size: 'sm' })} href={`${LFG_BOARD}?community=${encodeURIComponent(slug)}`}>
          <Icon name="gamepad" />
          See groups
        </a>
        <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
          <Icon name="plus" />
          Post a group
        </Button>
      </div>
      <NewLfgDialog open={creating} onOpenChange={setCreating} community={slug} />
    </section>
  );
}
