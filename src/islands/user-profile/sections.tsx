/** The About, Games, Gaming Profiles and Social sections of another user's profile (spec §2). */
import type { ReactNode } from 'react';
import { BioText } from '../profile/BioText.tsx';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import type { OtherProfileResponse } from '../../shared/api-types.ts';
import { ProfileGameList } from '../games/ProfileGameList.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });
const bioClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const handleListClass = css({ display: 'grid', gap: '2', m: '0' });
const handleRowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  columnGap: '4',
  rowGap: '0.5',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
});
const handleLabelClass = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: 'medium' });
const handleValueClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere', m: '0' });
const statsClass = css({ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '3', listStyle: 'none', m: '0', p: '0' });
const statClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  py: '3',
  borderRadius: 'lg',
  bg: 'bg.subtle',
});
const statNumberClass = css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: '1.2', fontVariantNumeric: 'tabular-nums' });
const statLabelClass = css({ fontSize: 'sm', color: 'fg.muted' });

function Section({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className={cx(card(), sectionClass, className)} aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AboutSection({ bio, className }: { bio: string; className?: string }) {
  return (
    <Section title="About" className={className}>
      {bio.trim() ? <BioText bio={bio} className={bioClass} /> : <p className={mutedClass}>No bio available</p>}
    </Section>
  );
}

/** Spec §2: Discord, PSN, Xbox, Steam and Nintendo friend code, each shown only if present. */
export function gamingHandles(p: Pick<OtherProfileResponse, 'discord' | 'consoles'>): Array<{ label: string; value: string }> {
  const all = [
    { label: 'Discord', value: p.discord },
    { label: 'PSN', value: p.consoles.playstation?.psn_username },
    { label: 'Xbox', value: p.consoles.xbox?.xbox_gamertag },
    { label: 'Steam', value: p.consoles.steam?.steam_username },
    { label: 'Nintendo Friend Code', value: p.consoles.nintendo?.friend_code },
  ];
  return all.filter((h): h is { label: string; value: string } => typeof h.value === 'string' && h.value !== '');
}

export function GamingSection({ profile }: { profile: OtherProfileResponse }) {
  const handles = gamingHandles(profile);
  return (
    <Section title="Gaming Profiles">
      {handles.length === 0 ? (
        <p className={mutedClass}>No gaming profiles yet</p>
      ) : (
        <dl className={handleListClass}>
          {handles.map((h) => (
            <div key={h.label} className={handleRowClass}>
              <dt className={handleLabelClass}>{h.label}</dt>
              <dd className={handleValueClass}>{h.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

export function SocialSection({ profile }: { profile: OtherProfileResponse }) {
  const stats = [
    { label: 'Friends', value: profile.friends_count },
    { label: 'Following', value: profile.following_count },
    { label: 'Followers', value: profile.followers_count },
  ];
  return (
    <Section title="Social">
      <ul className={statsClass}>
        {stats.map((s) => (
          <li key={s.label} className={statClass} aria-label={`${s.label}: ${s.value}`}>
            <span className={statNumberClass}>{s.value}</span>
            <span className={statLabelClass}>{s.label}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The games they play, each linking to its page; the ones the viewer plays too are highlighted. */
export function GamesSection({ profile, className }: { profile: OtherProfileResponse; className?: string }) {
  return (
    <Section title="Games" className={className}>
      <ProfileGameList games={profile.games} empty="No games added yet" label={`Games ${profile.username} plays`} />
    </Section>
  );
}
