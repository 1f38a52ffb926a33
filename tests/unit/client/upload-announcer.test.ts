/**
 * One toast per upload outcome although the HTTP response and the server's `upload_progress` pushes both
 * report it, whichever arrives first; pushes for uploads this tab did not start get none.
 */
import { describe, expect, it } from 'vitest';
import { createUploadAnnouncer } from '../../../src/stores/media/upload-announcer.ts';

describe('the start push', () => {
  it('is announced once per upload in flight, and not after the response already came', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.serverStarted()).toBe(1);
    expect(a.serverStarted()).toBeNull();
    expect(a.httpDone(1, 10)).toBe(true);
    a.begin(2);
    expect(a.httpDone(2, 11)).toBe(true);
    expect(a.serverStarted()).toBeNull(); // late: upload 2 is already complete
  });
});

describe('success', () => {
  it('push first, then the response: one toast', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.serverDone(10)).toBe(1);
    expect(a.httpDone(1, 10)).toBe(false);
  });
  it('response first, then the push: one toast', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.httpDone(1, 10)).toBe(true);
    expect(a.serverDone(10)).toBeNull();
  });
  it('two uploads at once each get their own toast', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    a.begin(2);
    expect(a.serverDone(21)).toBeNull(); // pushes name no upload: with two in flight, each HTTP answer tells its own
    expect(a.httpDone(2, 21)).toBe(true);
    expect(a.serverDone(20)).toBe(1); // one left in flight: the push is its
    expect(a.httpDone(1, 20)).toBe(false);
  });
  it("another tab's upload (nothing in flight here) gets no toast", () => {
    const a = createUploadAnnouncer();
    expect(a.serverStarted()).toBeNull();
    expect(a.serverDone(99)).toBeNull();
    expect(a.serverFailed()).toBeNull();
  });
});

describe('failure', () => {
  it('push first, then the error response: one toast', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.serverFailed()).toBe(1);
    expect(a.httpFailed(1)).toBe(false);
  });
  it('error response first, then the push: one toast, and the push is not pinned on the next upload', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    a.begin(2);
    expect(a.httpFailed(1)).toBe(true);
    expect(a.serverFailed()).toBeNull(); // the echo of upload 1
    expect(a.httpFailed(2)).toBe(true); // upload 2's own failure is still told
  });
  it('an echo that never comes stops counting after 30 s', () => {
    let now = 0;
    const a = createUploadAnnouncer(() => now);
    a.begin(1);
    expect(a.httpFailed(1)).toBe(true); // e.g. a 403 before the server started receiving: no push
    now = 31_000;
    a.begin(2);
    expect(a.serverFailed()).toBe(2);
    expect(a.httpFailed(2)).toBe(false);
  });
});

describe('a video the server still processes (ADR 051)', () => {
  it('is told as being prepared, then its progress and its end are the pushes naming it, once', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.serverStarted()).toBe(1);
    expect(a.httpProcessing(1, 10)).toBe('preparing');
    expect(a.serverProcessing(10)).toBe(1);
    expect(a.serverProcessing(11)).toBeNull(); // someone else's video (another tab)
    expect(a.serverDone(11)).toBeNull();
    expect(a.serverDone(10)).toBe(1);
    expect(a.serverDone(10)).toBeNull();
    expect(a.serverProcessing(10)).toBeNull();
  });
  it("a refusal after processing is its upload's, and only once", () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.httpProcessing(1, 10)).toBe('preparing');
    expect(a.serverFailed(12)).toBeNull();
    expect(a.serverFailed(10)).toBe(1);
    expect(a.serverFailed(10)).toBeNull();
  });
  it('a video ready or refused before its HTTP answer came is told once, by that answer, whatever else is in flight', () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    a.begin(2);
    expect(a.serverDone(10, true)).toBeNull();
    expect(a.serverFailed(11, 'too long')).toBeNull();
    expect(a.httpProcessing(1, 10)).toBe('ready');
    expect(a.httpProcessing(2, 11)).toEqual({ refused: 'too long' });
    expect(a.serverDone(10, true)).toBeNull();
  });
  it("another tab's processed video is never this tab's upload", () => {
    const a = createUploadAnnouncer();
    a.begin(1);
    expect(a.serverDone(99, true)).toBeNull();
    expect(a.httpDone(1, 5)).toBe(true);
  });
});
