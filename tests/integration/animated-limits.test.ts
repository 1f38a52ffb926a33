/**
 * Animated images are limited by all their frames together: one over the limit is refused with a 413 that says
 * so (frames and size), never with the single-photo megapixel message it does not break. The GIFs are built
 * here: frames that declare 1000×1000 pixels but carry almost no data, so the check runs on the header alone.
 */
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, imageMessageForm, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { mediaForm, storedFiles, uploadMedia } from './support/media.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const TOO_MANY = /^Animated images may have at most 200 megapixels across all their frames; this one has 201 frames of 1000×1000/;

function animatedGif(width: number, height: number, frames: number): Buffer {
  const le = (n: number) => [n & 255, n >> 8];
  const bytes = [...Buffer.from('GIF89a'), ...le(width), ...le(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255];
  bytes.push(0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  for (let i = 0; i < frames; i++) {
    // Graphic control (0.1 s), image descriptor, then LZW data holding only clear and end codes.
    bytes.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, ...le(width), ...le(height), 0, 2, 1, 0x2c, 0);
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

describe('animated image limits', () => {
  it('refuses a post whose frames together pass 200 MP with a 413 that says so, keeping nothing', async () => {
    const ann = await signUp(app.origin);
    const res = await uploadMedia(ann, mediaForm(animatedGif(1000, 1000, 201), 'long.gif', 'too long'));
    expectError(res, 413, TOO_MANY);
    expect(await storedFiles(app.dataDir)).toEqual([]);
  });

  it('refuses the same in a chat image with the same message', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const room = await createDirect(ann, ben);
    expectError(await sendImage(ann, imageMessageForm(room, animatedGif(1000, 1000, 201), 'long.gif', 'image/gif')), 413, TOO_MANY);
  });
});
