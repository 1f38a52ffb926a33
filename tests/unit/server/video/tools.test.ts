/** Which ffmpeg runs (src/server/video/tools.ts): a distribution's release newer than the bundled 4.1 wins. */
import { describe, expect, it } from 'vitest';
import { newerThanBundled, releaseOf } from '../../../../src/server/video/tools.ts';

describe('newerThanBundled', () => {
  it('reads releases from -version lines and prefers anything after 4.1', () => {
    expect(releaseOf('ffmpeg version 7.1.1-1+b1 Copyright (c) 2000-2025 the FFmpeg developers')).toEqual([7, 1]);
    expect(releaseOf('ffmpeg version n6.0 Copyright')).toEqual([6, 0]);
    expect(newerThanBundled('ffmpeg version 5.1.6-0+deb12u1 Copyright')).toBe(true);
    expect(newerThanBundled('ffmpeg version 4.3.8-0+deb11u1 Copyright')).toBe(true);
    expect(newerThanBundled('ffmpeg version 4.1.11 Copyright')).toBe(false);
    expect(newerThanBundled('ffmpeg version 3.4.8 Copyright')).toBe(false);
    // A snapshot build names no release: someone installed it on purpose.
    expect(newerThanBundled('ffmpeg version N-66595-gc2b38619c0-static')).toBe(true);
  });
});
