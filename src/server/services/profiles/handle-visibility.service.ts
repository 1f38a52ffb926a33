/**
 * NOTE: who sees which gaming handle (ADR 022). Each handle (Discord included) is shown to everyone, to accepted
 * friends only, or to nobody but its owner; a platform without a setting is shown to everyone. A hidden handle
 * reads exactly like one that was never set (null), so a viewer cannot tell "hidden" from "not connected".
 * Pure rules: the profile service reads the settings and the friendship and applies them.
 */
import type { Consoles } from '../../../shared/api-types.ts';
import { PLATFORMS, type HandleVisibility, type HandleVisibilitySettings, type PlatformId } from '../../../shared/profile-values.ts';

export type StoredVisibility = Partial<Record<PlatformId, HandleVisibility>>;

/** The stored settings with every platform filled in (unknown values count as 'everyone'). */
export function settingsOf(stored: StoredVisibility | null | undefined): HandleVisibilitySettings {
  const known = (value: unknown): value is HandleVisibility => value === 'friends' || value === 'nobody';
  return Object.fromEntries(PLATFORMS.map((p) => [p.id, known(stored?.[p.id]) ? stored![p.id] : 'everyone'])) as HandleVisibilitySettings;
}

export function maySee(setting: HandleVisibility, viewer: { isOwner: boolean; isFriend: boolean }): boolean {
  if (viewer.isOwner || setting === 'everyone') return true;
  return setting === 'friends' && viewer.isFriend;
}

type Handles = { discord: string | null; consoles: Consoles };

/** The handles as this viewer may see them: hidden ones become null. */
export function visibleHandles<P extends Handles>(
  profile: P,
  stored: StoredVisibility | null | undefined,
  viewer: { isOwner: boolean; isFriend: boolean },
): P {
  const settings = settingsOf(stored);
  const shown = (id: PlatformId) => maySee(settings[id], viewer);
  const { consoles } = profile;
  return {
    ...profile,
    discord: shown('discord') ? profile.discord : null,
    consoles: {
      playstation: shown('playstation') ? consoles.playstation : null,
      xbox: shown('xbox') ? consoles.xbox : null,
      steam: shown('steam') ? consoles.steam : null,
      nintendo: shown('nintendo') ? consoles.nintendo : null,
    },
  };
}
