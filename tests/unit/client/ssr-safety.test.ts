/**
 * The NOTE rules of the client modules: safe to import and call during SSR (Node, no window or document),
 * where they must read nothing, write nothing and open no socket.
 */
import { describe, expect, it } from 'vitest';
import { api, currentCsrfToken } from '../../../src/client/api.ts';
import { expireCsrfCookie, readCookie } from '../../../src/client/cookies.ts';
import { $chatRooms, $unreadRoomCount, startChatRooms } from '../../../src/stores/chat/chat-rooms.ts';
import { $comments } from '../../../src/stores/media/comments.ts';
import { feedList } from '../../../src/stores/media/feed.ts';
import { $posts } from '../../../src/stores/media/posts.ts';
import { $session } from '../../../src/stores/accounts/session.ts';
import { $socketConnected, emitToServer, onServerEvent, startRealtime } from '../../../src/stores/socket.ts';
import { $uploads, watchUploadEvents } from '../../../src/stores/media/uploads.ts';

describe('client modules on the server', () => {
  it('have no window or document here (the point of this file)', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('read no cookie and expire none', () => {
    expect(readCookie('csrf_token')).toBeNull();
    expect(currentCsrfToken()).toBe('');
    expect(() => expireCsrfCookie()).not.toThrow();
  });

  it('open no socket, even for a signed-in state', () => {
    $session.set({ user: { id: 1, username: 'a', email: 'a@b.test', expiresAt: '' }, isAuthenticated: true, loading: false, error: null });
    expect(() => startRealtime()).not.toThrow();
    const off = onServerEvent('notification', () => {});
    expect(typeof off).toBe('function');
    expect(() => off()).not.toThrow();
    expect(() => emitToServer('typing', { room_id: 1, username: 'a', participants: [], isTyping: true })).not.toThrow();
    expect($socketConnected.get()).toBe(false);
  });

  it('the uploads store starts empty and watches nothing', () => {
    expect(() => watchUploadEvents()).not.toThrow();
    expect($uploads.get()).toEqual([]);
    expect($socketConnected.get()).toBe(false);
  });

  it('exposes the api methods without calling anything at import', () => {
    expect(Object.keys(api).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put', 'upload', 'uploadWithProgress']);
  });

  it('media stores start empty and ask nothing until an island calls them', () => {
    expect($posts.get()).toEqual({});
    expect($comments.get()).toEqual({});
    expect(feedList().$list.get()).toMatchObject({ ids: [], loaded: false, loading: false });
  });

  it('the chat rooms store starts empty and loads nothing, even for a signed-in state', () => {
    expect(() => startChatRooms()).not.toThrow();
    expect($chatRooms.get()).toEqual({ rooms: [], loaded: false, loading: false, error: null });
    expect($unreadRoomCount.get()).toBe(0);
  });
});
