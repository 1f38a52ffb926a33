/**
 * NOTE: the media file-fetch helper (ADR 015). Post URLs (`url`, `thumbnail_url`) are signed and expire. Rules:
 * - Render the URL the post came with; on the element's first load error call `freshMediaUrl(id)` once and
 *   use its answer. A second error is final: show 'Error loading media' (spec §8), never retry in a loop.
 * - `freshMediaUrl` asks GET /media/{id}/view and resolves with the signed URL of the original file (the spec
 *   allows `signedURL`, `signedUrl` or `url`); it throws (ApiError or Error) when there is none.
 */
import { api } from './api.ts';
import type { MediaItem, MediaViewResponse } from '../shared/api-types.ts';

type ViewAnswer = Partial<MediaViewResponse> & { signedUrl?: string; url?: string };

export async function freshMediaUrl(id: number, variant: 'file' | 'thumbnail' = 'file'): Promise<string> {
  // A video's thumbnail is a picture of its poster (ADR 051), which /view does not sign: the post itself does.
  if (variant === 'thumbnail') return (await api.get<MediaItem>(`/media/${id}`)).thumbnail_url;
  const answer = await api.get<ViewAnswer | null>(`/media/${id}/view`);
  const url = answer?.signedURL ?? answer?.signedUrl ?? answer?.url;
  if (typeof url !== 'string' || !url) throw new Error(`GET /media/${id}/view answered without a URL`);
  return url;
}
