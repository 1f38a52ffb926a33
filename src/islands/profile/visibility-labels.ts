/**
 * How "who can see this handle" reads on screen (ADR 022): the select's choices in the Edit Platforms dialog and
 * the hint beside a non-public handle on the own profile (none for 'everyone').
 */
import type { HandleVisibility } from '../../shared/profile-values.ts';

export const VISIBILITY_OPTIONS: Array<{ value: HandleVisibility; label: string }> = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'friends', label: 'Friends' },
  { value: 'nobody', label: 'Only me' },
];

export function visibilityHint(visibility: HandleVisibility): string | null {
  if (visibility === 'friends') return 'Friends only';
  if (visibility === 'nobody') return 'Only you';
  return null;
}
