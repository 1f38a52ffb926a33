import { describe, expect, it } from 'vitest';
import { bucketOf } from '../../../src/server/auth/write-buckets.ts';

describe('bucketOf', () => {
  it.each([
    ['/api/chat/send-message', 'messages'],
    ['/api/chat/mark-all-read/12', 'reads'],
    ['/api/notifications/read-all', 'reads'],
    ['/api/chat/create-room', 'rooms'],
    ['/api/chat/rename-group/3', 'rooms'],
    ['/api/chat/group/3/leave', 'rooms'],
    ['/api/media/7/like', 'likes'],
    ['/api/media/7/dislike', 'likes'],
    ['/api/media/7/comments', 'comments'],
    ['/api/media/7/comments/99', 'comments'],
    ['/api/media/upload', 'uploads'],
    ['/api/profile/picture', 'uploads'],
    ['/api/friends/request', 'social'],
    ['/api/friends/request/5', 'social'],
    ['/api/friends/12', 'social'],
    ['/api/profile/@ann/follow', 'social'],
    ['/api/profile/@ann/block', 'social'],
    ['/api/profile/bio', 'profile'],
    ['/api/profile/steam', 'profile'],
    ['/api/moderation/reports/3/resolve', 'moderation'],
    ['/api/moderation/users/9/unsuspend', 'moderation'],
    ['/api/reports', 'reports'],
    ['/api/games', 'newGames'],
    ['/api/games/doom/play', 'other'],
    ['/api/lfg', 'lfgPosts'],
    ['/api/lfg/12/join', 'lfgRequests'],
    ['/api/lfg/12/requests/4/accept', 'lfg'],
    ['/api/lfg/12/close', 'lfg'],
    ['/api/media/7', 'other'],
    ['/api/something-new', 'other'],
  ])('%s → %s', (path, bucket) => {
    expect(bucketOf(path)).toBe(bucket);
    expect(bucketOf(`${path}/`)).toBe(bucket);
  });
});

it('never counts sign-in, registration or sign-out', () => {
  for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/logout']) expect(bucketOf(path)).toBeNull();
});
