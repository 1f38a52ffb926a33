/**
 * A post's picture as the server renders it (MediaView, ADR 051): a video plays over its poster in its own size, a
 * grid shows the poster's square (no video element), a processing video says how far it is; placeholders decode.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { MediaView } from '../../../src/islands/media/MediaView.tsx';
import { hashBytes } from '../../../src/islands/media/use-placeholder.ts';
import type { MediaItem } from '../../../src/shared/api-types.ts';
import { buildPost } from '../../factories/posts.ts';

const render = (post: MediaItem, variant: 'card' | 'thumb' | 'modal') => renderToString(createElement(MediaView, { post, variant }));
const video = (changes: Partial<MediaItem> = {}) =>
  buildPost(7, { media_type: 'video', url: '/v/7', thumbnail_url: '/t/7', poster_url: '/p/7', width: 1080, height: 1920, ...changes });

describe('MediaView', () => {
  it('plays a video over its poster, in its own size', () => {
    const html = render(video(), 'card');
    expect(html).toMatch(/<video[^>]*poster="\/p\/7"/);
    expect(html).toMatch(/<video[^>]*width="1080"[^>]*height="1920"/);
  });

  it("shows a video in a grid as its poster's square with a play overlay, not as a video", () => {
    const html = render(video(), 'thumb');
    expect(html).toMatch(/<img[^>]*src="\/t\/7"/);
    expect(html).not.toContain('<video');
    expect(html).toContain('data-play-overlay');
    // A video from before posters still shows a frame of itself.
    expect(render(video({ poster_url: null, thumbnail_url: '/v/7' }), 'thumb')).toContain('<video');
  });

  it('says a processing video is being prepared, with the share done, and shows no file', () => {
    for (const variant of ['card', 'thumb', 'modal'] as const) {
      const html = render(video({ status: 'processing', progress: 42, poster_url: null }), variant);
      expect(html).toContain('Preparing video… 42%');
      expect(html).toContain('role="status"');
      expect(html).not.toMatch(/<video|<img/);
    }
    // Not begun yet (queued behind another): no share to tell.
    expect(render(video({ status: 'processing', progress: 0, poster_url: null }), 'thumb')).toMatch(/Preparing video…<\/span>/);
  });
});

describe('placeholders', () => {
  it('read back the bytes the server encoded', () => {
    const rgba = new Uint8Array(4 * 4 * 4).fill(200);
    const hash = rgbaToThumbHash(4, 4, rgba);
    expect([...hashBytes(Buffer.from(hash).toString('base64'))]).toEqual([...hash]);
  });
});
