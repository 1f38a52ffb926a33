/**
 * Follow / Unfollow (ADR 011: POST and DELETE /profile/@{username}/follow). The answer carries the new
 * followers count, which the Social section shows.
 */
import { useState } from 'react';
import { api, serverMessageOf } from '../../client/api.ts';
import type { FollowResponse, OtherProfileResponse } from '../../shared/api-types.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { profilePath } from './use-other-profile.ts';

type Props = { profile: OtherProfileResponse; patch: (changes: Partial<OtherProfileResponse>) => void };

export function FollowButton({ profile, patch }: Props) {
  const [busy, setBusy] = useState(false);
  const following = profile.is_following;

  async function toggle() {
    setBusy(true);
    try {
      const path = `${profilePath(profile.username)}/follow`;
      const res = following ? await api.delete<FollowResponse>(path) : await api.post<FollowResponse>(path);
      patch({ is_following: res.is_following, followers_count: res.followers_count });
    } catch (err) {
      toast.error(serverMessageOf(err) ?? (following ? 'Failed to unfollow user' : 'Failed to follow user'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" palette={following ? 'secondary' : 'primary'} onClick={() => void toggle()} disabled={busy} aria-busy={busy}>
      {following ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
