/**
 * NOTE: the own profile's edits, for the dialogs that make them (bio, gaming handles and who sees them, picture).
 * Rules for callers:
 * - `saveBio`, `savePlatforms` and `uploadPicture` validate with the shared schemas first (nothing is sent when
 *   that fails), set `saving` while in flight, reload the profile after a success and resolve with null, or
 *   resolve with the message to show (the server's error text, else a fallback). They never throw.
 * - `savePlatforms` sends one PUT per handle that changed (after trimming), in PLATFORMS order, then one
 *   PUT /profile/visibility per "who can see this" setting that changed, and nothing else.
 */
import * as v from 'valibot';
import { api, serverMessageOf } from '../../client/api.ts';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../shared/constants.ts';
import { type HandleVisibilitySettings, type PlatformId, PLATFORMS } from '../../shared/profile-values.ts';
import { bioSchema, platformSchema } from '../../shared/schemas/profile.ts';
import { $profile, fetchProfile, handleOf } from './profile.ts';

/** Runs one save: `saving` on, then the profile reloaded after success; resolves with null or the message. */
async function save(send: () => Promise<unknown>, fallback: string): Promise<string | null> {
  $profile.setKey('saving', true);
  try {
    await send();
    await fetchProfile();
    return null;
  } catch (err) {
    return serverMessageOf(err) ?? fallback;
  } finally {
    $profile.setKey('saving', false);
  }
}

export async function saveBio(bio: string): Promise<string | null> {
  const parsed = v.safeParse(bioSchema, { bio });
  if (!parsed.success) return parsed.issues[0].message;
  return save(() => api.put('/profile/bio', parsed.output), 'Failed to save bio');
}

export async function savePlatforms(
  values: Record<PlatformId, string>,
  visibility: HandleVisibilitySettings = $profile.get().handleVisibility,
): Promise<string | null> {
  const state = $profile.get();
  const changes: Array<{ path: string; body: Record<string, string | null> }> = [];
  for (const platform of PLATFORMS) {
    const parsed = v.safeParse(platformSchema(platform), { [platform.key]: values[platform.id] });
    if (!parsed.success) return parsed.issues[0].message;
    const next = parsed.output[platform.key] ?? null;
    if (next !== handleOf(state, platform)) changes.push({ path: platform.path, body: { [platform.key]: next } });
  }
  for (const platform of PLATFORMS) {
    const wanted = visibility[platform.id];
    if (wanted !== state.handleVisibility[platform.id]) {
      changes.push({ path: '/profile/visibility', body: { platform: platform.id, visibility: wanted } });
    }
  }
  if (changes.length === 0) return null;
  return save(async () => {
    try {
      for (const change of changes) await api.put(change.path, change.body);
    } catch (err) {
      // Some handles may have been saved before the failure: show them, and compare against them next time.
      await fetchProfile();
      throw err;
    }
  }, 'Failed to save platforms');
}

export async function uploadPicture(picture: Blob): Promise<string | null> {
  if (!picture.type.startsWith('image/')) return 'Please choose an image file';
  if (picture.size > PICTURE_UPLOAD_MAX_BYTES) return 'This picture is too large';
  const form = new FormData();
  form.append('file', picture, 'profile.jpg');
  return save(async () => {
    const { etag } = await api.upload<{ message: string; etag: string }>('/profile/picture', form);
    $profile.set({ ...$profile.get(), hasPicture: true, pictureVersion: etag });
  }, 'Failed to upload profile picture');
}
