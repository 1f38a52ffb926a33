/**
 * The trim rules of spec §4/§5/§9 as the upload dialog and the uploads store apply them: when a video is cut at
 * all, stream copy versus re-encode, and the exact ffmpeg command line each gets.
 */
import { describe, expect, it } from 'vitest';
import {
  formatTrimTime,
  needsTrim,
  reachesEnd,
  selectedLength,
  sliderMax,
  trimArgs,
  trimMode,
  trimmedName,
} from '../../../src/client/trim-plan.ts';

describe('sliderMax', () => {
  it('is the last whole 0.1 s step of the clip', () => {
    expect(sliderMax(20)).toBe(20);
    expect(sliderMax(20.033)).toBe(20);
    expect(sliderMax(6.099)).toBe(6);
    expect(sliderMax(0.3)).toBe(0.3); // 0.3 / 0.1 is 2.9999999999999996 in floating point
  });
  it('is 0 for a length the browser does not know', () => {
    expect(sliderMax(Number.NaN)).toBe(0);
    expect(sliderMax(Number.POSITIVE_INFINITY)).toBe(0);
    expect(sliderMax(-1)).toBe(0);
  });
});

describe('needsTrim (spec §4: only when the start is above 0 or the end below the full length)', () => {
  it('is false for the untouched sliders, even when the last step sits just below the true length', () => {
    expect(needsTrim({ start: 0, end: 20, duration: 20 })).toBe(false);
    expect(needsTrim({ start: 0, end: sliderMax(20.033), duration: 20.033 })).toBe(false);
    expect(needsTrim({ start: 0, end: sliderMax(6.09), duration: 6.09 })).toBe(false);
  });
  it('is true once the start moves off 0 or the end moves one step in', () => {
    expect(needsTrim({ start: 0.1, end: 20, duration: 20 })).toBe(true);
    expect(needsTrim({ start: 0, end: 19.9, duration: 20 })).toBe(true);
    expect(needsTrim({ start: 0, end: 20, duration: 20.1 })).toBe(true);
  });
});

describe('reachesEnd and selectedLength', () => {
  it('an end at the top of the slider means the whole rest of the clip', () => {
    expect(reachesEnd({ start: 2, end: 20, duration: 20.033 })).toBe(true);
    expect(selectedLength({ start: 2, end: 20, duration: 20.033 })).toBeCloseTo(18.033, 6);
  });
  it('an end inside the clip is taken as it is', () => {
    expect(reachesEnd({ start: 2, end: 16, duration: 20 })).toBe(false);
    expect(selectedLength({ start: 2, end: 16, duration: 20 })).toBeCloseTo(14, 6);
  });
});

describe('trimMode (spec §9: longer than 12 s → stream copy, otherwise re-encode)', () => {
  it('copies a selection longer than 12 s', () => {
    expect(trimMode({ start: 2, end: 16, duration: 20 })).toBe('copy');
    expect(trimMode({ start: 0, end: 12.1, duration: 20 })).toBe('copy');
  });
  it('re-encodes 12 s exactly and anything shorter', () => {
    expect(trimMode({ start: 0, end: 12, duration: 20 })).toBe('reencode');
    expect(trimMode({ start: 0.3, end: 12.3, duration: 20 })).toBe('reencode'); // 12.000000000000002 in floats
    expect(trimMode({ start: 1, end: 4, duration: 6 })).toBe('reencode');
  });
});

describe('trimArgs', () => {
  it('stream copy: seeks as input options before -i, copies the streams, writes a fast-start MP4', () => {
    expect(trimArgs({ start: 2, end: 16, duration: 20 }, 'input', 'output.mp4')).toEqual([
      '-ss',
      '2.0',
      '-to',
      '16.0',
      '-i',
      'input',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      'output.mp4',
    ]);
  });
  it('re-encode: libx264 ultrafast at CRF 28 and AAC at 128k (spec §9)', () => {
    expect(trimArgs({ start: 1, end: 4, duration: 6.02 }, 'input', 'output.mp4')).toEqual([
      '-ss',
      '1.0',
      '-to',
      '4.0',
      '-i',
      'input',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      'output.mp4',
    ]);
  });
  it('leaves out -to when the end is the end of the clip, so slider rounding loses nothing', () => {
    const args = trimArgs({ start: 3, end: 20, duration: 20.033 }, 'in', 'out.mp4');
    expect(args.slice(0, 4)).toEqual(['-ss', '3.0', '-i', 'in']);
    expect(args).not.toContain('-to');
  });
  it('writes times with one decimal, without float noise', () => {
    expect(trimArgs({ start: 0.1 + 0.2, end: 5, duration: 10 }, 'i', 'o.mp4').slice(0, 4)).toEqual(['-ss', '0.3', '-to', '5.0']);
  });
});

describe('formatTrimTime and trimmedName', () => {
  it('formats minutes, seconds and tenths', () => {
    expect(formatTrimTime(0)).toBe('0:00.0');
    expect(formatTrimTime(2)).toBe('0:02.0');
    expect(formatTrimTime(16.04)).toBe('0:16.0');
    expect(formatTrimTime(75.25)).toBe('1:15.3');
    expect(formatTrimTime(59.97)).toBe('1:00.0');
  });
  it('names the trimmed file after the original, as MP4', () => {
    expect(trimmedName('clip.mov')).toBe('clip-trimmed.mp4');
    expect(trimmedName('my.game.clip.webm')).toBe('my.game.clip-trimmed.mp4');
    expect(trimmedName('noext')).toBe('noext-trimmed.mp4');
    expect(trimmedName('.mp4')).toBe('video-trimmed.mp4');
  });
});
