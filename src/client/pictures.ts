/**
 * NOTE: profile picture URLs (spec §7: GET /profile/picture and GET /profile/@{username}/picture; a 404 means
 * none). Pass `version` after an upload so the browser fetches the new picture instead of its cached copy.
 */
import { API_BASE } from './api.ts';

export function pictureUrl(username: string | null, version?: number | string): string {
  const path = username === null ? '/profile/picture' : `/profile/@${encodeURIComponent(username)}/picture`;
  return `${API_BASE}${path}${version === undefined ? '' : `?v=${encodeURIComponent(String(version))}`}`;
}
