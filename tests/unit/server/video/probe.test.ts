/** What ffprobe's JSON says (src/server/video/probe.ts): streams, rotation either way it is written, rates. */
import { describe, expect, it } from 'vitest';
import { rate, readProbe, rotationOf } from '../../../../src/server/video/probe.ts';

describe('readProbe', () => {
  it('reads the picture, the sound and the length; a cover picture is not a video', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, disposition: { attached_pic: 1 } },
        {
          codec_type: 'video',
          codec_name: 'hevc',
          pix_fmt: 'yuv420p10le',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          side_data_list: [{ rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac' },
      ],
      format: { duration: '12.500000' },
    });
    expect(readProbe(json)).toEqual({
      duration: 12.5,
      video: { codec: 'hevc', pixFmt: 'yuv420p10le', width: 1920, height: 1080, rotation: 90, fps: 30000 / 1001 },
      audio: { codec: 'aac' },
    });
  });

  it('answers no video for an audio file, no length when the container has none, null for garbage', () => {
    expect(readProbe(JSON.stringify({ streams: [{ codec_type: 'audio', codec_name: 'mp3' }], format: {} }))).toEqual({
      duration: null,
      video: null,
      audio: { codec: 'mp3' },
    });
    expect(readProbe('not json')).toBeNull();
  });

  it('reads the turn from side data or the old rotate tag, as 0, 90, 180 or 270', () => {
    expect(rotationOf({ side_data_list: [{ rotation: 90 }] })).toBe(270);
    expect(rotationOf({ side_data_list: [{ rotation: -180 }] })).toBe(180);
    expect(rotationOf({ tags: { rotate: '90' } })).toBe(90);
    expect(rotationOf({})).toBe(0);
    expect([rate('25/1'), rate('0/0'), rate(undefined)]).toEqual([25, 0, 0]);
  });
});
