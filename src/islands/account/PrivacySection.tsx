/**
 * The account screen's Privacy card: who sees each connected platform (edited in the profile's Edit Platforms
 * dialog, reused here) and the people you blocked (the profile's Blocked users dialog, reused). Loads the own
 * profile for the handles; states: loading, error with 'Try again', no platforms yet, the list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { PLATFORMS } from '../../shared/profile-values.ts';
import { $profile, fetchProfile, handleOf } from '../../stores/profiles/profile.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SectionCard } from '../profile/SectionCard.tsx';
import { VISIBILITY_OPTIONS } from '../profile/visibility-labels.ts';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const BlockedUsersDialog = lazyOnOpen(() => import('../profile/BlockedUsersDialog.tsx').then((m) => m.BlockedUsersDialog));
const PlatformsDialog = lazyOnOpen(() => import('../profile/PlatformsDialog.tsx').then((m) => m.PlatformsDialog));

const groupClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });
const dividerClass = css({ borderTopWidth: '1px', borderColor: 'border.default', mt: '5', pt: '5' });
const headingClass = css({ fontSize: 'md', fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted', fontSize: 'sm' });
const listClass = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '6', rowGap: '2', m: '0' });
const labelClass = css({ color: 'fg.muted', fontWeight: 'medium' });
const valueClass = css({ m: '0', fontWeight: 'medium' });

const whoSees = (value: string) => VISIBILITY_OPTIONS.find((o) => o.value === value)?.label ?? value;

export default function PrivacySection() {
  const profile = useStore($profile);
  const [open, setOpen] = useState<'platforms' | 'blocked' | null>(null);
  // The server renders the loading state; after a client-side navigation the store may already hold the profile,
  // so the first client render must show loading too (or hydration would not match).
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    if (!$profile.get().loaded) void fetchProfile();
  }, []);

  let platforms;
  if (mounted && !profile.loaded && profile.error) {
    platforms = (
      <>
        <Alert>{profile.error}</Alert>
        <Button variant="outline" size="sm" onClick={() => void fetchProfile()} disabled={profile.loading}>
          Try again
        </Button>
      </>
    );
  } else if (!mounted || !profile.loaded) {
    platforms = <Spinner label="Loading platforms" />;
  } else {
    const connected = PLATFORMS.filter((p) => handleOf(profile, p));
    platforms = (
      <>
        {connected.length === 0 ? (
          <p className={mutedClass}>No platforms connected yet. Add them to choose who can see each one.</p>
        ) : (
          <dl className={listClass} aria-label="Who can see your platforms">
            {connected.map((p) => (
              <div key={p.id} className={css({ display: 'contents' })}>
                <dt className={labelClass}>{p.label}</dt>
                <dd className={valueClass}>{whoSees(profile.handleVisibility[p.id])}</dd>
              </div>
            ))}
          </dl>
        )}
        <Button variant="outline" size="sm" onClick={() => setOpen('platforms')}>
          Edit platforms and who sees them
        </Button>
      </>
    );
  }

  const onOpenChange = (which: 'platforms' | 'blocked') => (isOpen: boolean) => setOpen(isOpen ? which : null);
  return (
    <SectionCard title="Privacy">
      <div className={groupClass}>
        <h3 className={headingClass}>Who can see your platforms</h3>
        {platforms}
      </div>
      <div className={`${groupClass} ${dividerClass}`}>
        <h3 className={headingClass}>Blocked users</h3>
        <p className={mutedClass}>People you block can't find you, see your posts or contact you.</p>
        <Button variant="outline" size="sm" onClick={() => setOpen('blocked')}>
          View blocked users
        </Button>
      </div>
      {mounted && profile.loaded && <PlatformsDialog open={open === 'platforms'} onOpenChange={onOpenChange('platforms')} />}
      <BlockedUsersDialog open={open === 'blocked'} onOpenChange={onOpenChange('blocked')} />
    </SectionCard>
  );
}
