/**
 * What a probed video becomes (src/server/video/plan.ts): refusals with their words, remux only for upright
 * H.264 8-bit 4:2:0 with AAC or no sound, everything else transcoded to fit 1080p at even sizes.
 */
import { describe, expect, it } from 'vitest';
import { clock, outputSize, planVideo } from '../../../../src/server/video/plan.ts';
import type { ProbedVideo } from '../../../../src/server/video/probe.ts';

const probe = (video: Partial<NonNullable<ProbedVideo['video']>> = {}, rest: Partial<ProbedVideo> = {}): ProbedVideo => ({
  duration: 12,
  video: { codec: 'h264', pixFmt: 'yuv420p', width: 1920, height: 1080, rotation: 0, fps: 30, ...video },
  audio: { codec: 'aac' },
  ...rest,
});

describe('planVideo', () => {
  it('remuxes upright H.264 8-bit 4:2:0 with AAC or no sound: streams copied, index first, no metadata', () => {
    for (const p of [probe(), probe({}, { audio: null }), probe({ pixFmt: 'yuvj420p', width: 3840, height: 2160 })]) {
      const plan = planVideo(p, 600, 2);
      expect(plan.kind).toBe('remux');
      if (plan.kind === 'refused') continue;
      expect(plan.args).toEqual(expect.arrayContaining(['-c', 'copy', '-movflags', '+faststart', '-map_metadata', '-1']));
      expect([plan.width, plan.height]).toEqual([p.video!.width, p.video!.height]);
    }
  });

  it('transcodes HEVC, 10-bit, 4:4:4, VP9, Opus sound and turned clips', () => {
    const cases = [
      probe({ codec: 'hevc', pixFmt: 'yuv420p10le' }),
      probe({ pixFmt: 'yuv444p' }),
      probe({ pixFmt: 'yuv420p10le' }),
      probe({ codec: 'vp9' }, { audio: { codec: 'opus' } }),
      probe({}, { audio: { codec: 'mp3' } }),
      probe({ rotation: 90 }),
    ];
    for (const p of cases) {
      const plan = planVideo(p, 600, 2);
      expect(plan.kind).toBe('transcode');
      if (plan.kind !== 'transcode') continue;
      expect(plan.args).toEqual(
        expect.arrayContaining(['-c:v', 'libx264', '-profile:v', 'high', '-crf', '23', '-c:a', 'aac', '-threads', '2']),
      );
    }
  });

  it('turns, scales to fit 1080p either way round, keeps even sizes and caps the frame rate at 60', () => {
    const turned = planVideo(probe({ codec: 'hevc', width: 3840, height: 2160, rotation: 270, fps: 120 }), 600, 2);
    expect(turned).toMatchObject({ kind: 'transcode', width: 1080, height: 1920 });
    if (turned.kind !== 'transcode') return;
    expect(turned.args[turned.args.indexOf('-vf') + 1]).toBe('scale=1080:1920,fps=60,format=yuv420p');
    expect(outputSize(641, 361, 0)).toEqual({ width: 642, height: 362 });
    expect(outputSize(2560, 1080, 0)).toEqual({ width: 1920, height: 810 });
    expect(outputSize(100, 100, 90)).toEqual({ width: 100, height: 100 });
  });

  it('refuses a file without a picture, a clip over the limit and anything over 8K, saying why', () => {
    expect(planVideo(null, 600, 2)).toMatchObject({ kind: 'refused', reason: expect.stringContaining('no video we can read') });
    expect(planVideo(probe({}, { video: null }), 600, 2).kind).toBe('refused');
    expect(planVideo(probe({}, { duration: 754 }), 600, 2)).toEqual({
      kind: 'refused',
      reason: 'Videos may be at most 10:00 long; this one is 12:34. Trim it before posting.',
    });
    expect(planVideo(probe({ width: 7681, height: 4320 }), 600, 2)).toMatchObject({ reason: expect.stringContaining('8K') });
    expect(planVideo(probe({ width: 7680, height: 4320 }), 600, 2).kind).toBe('remux');
  });

  it('cuts a file that does not say how long it is one second past the limit', () => {
    const plan = planVideo(probe({}, { duration: null }), 600, 2);
    if (plan.kind === 'refused') throw new Error('refused');
    expect(plan.args.slice(plan.args.indexOf('-t'), plan.args.indexOf('-t') + 2)).toEqual(['-t', '601']);
    const known = planVideo(probe(), 600, 2);
    expect(known.kind !== 'refused' && known.args).not.toContain('-t');
  });

  it('writes lengths as a clock', () => {
    expect([clock(5), clock(65), clock(600), clock(3723)]).toEqual(['0:05', '1:05', '10:00', '1:02:03']);
  });
});
