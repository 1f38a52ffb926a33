import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

/** The ConfigError thrown for this environment (fails the test if none is). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 4321,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: undefined,
      sessionSecret: undefined,
      redisUrl: undefined,
      trustProxy: false,
      logLevel: 'info',
      mediaLimits: { imageBytes: 20 * 2 ** 20, videoBytes: 200 * 2 ** 20, quotaBytes: 2048 * 2 ** 20, videoSeconds: 600 },
      writeLimits: {
        messages: 120,
        likes: 120,
        comments: 30,
        uploads: 30,
        social: 60,
        rooms: 60,
        reads: 600,
        reports: 20,
        newGames: 20,
        moderation: 120,
        newCommunities: 5,
        invites: 30,
        communities: 60,
        lfgPosts: 10,
        lfgRequests: 30,
        lfg: 60,
        push: 30,
        profile: 60,
        other: 120,
        exports: 3,
      },
      uploadConcurrency: 3,
      mediaWorkers: 1,
      videoTools: { ffmpeg: undefined, ffprobe: undefined },
      s3: undefined,
      shutdownGraceMs: 20_000,
      push: { vapidKeys: undefined, subject: 'mailto:admin@savepoint.invalid', endpointHosts: undefined },
      siteDir: undefined,
      assetsUrl: undefined,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/srv/savepoint',
        DATABASE_URL: 'postgres://app@db.internal:5432/savepoint',
        PUBLIC_URL: 'https://savepoint.example',
        SESSION_SECRET: 's'.repeat(32),
        REDIS_URL: 'rediss://:pw@redis.internal:6380/2',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        MEDIA_IMAGE_MAX_MB: '5',
        MEDIA_VIDEO_MAX_MB: '500',
        MEDIA_QUOTA_MB: '10000',
        UPLOAD_CONCURRENCY: '1',
        MEDIA_WORKERS: '0',
        MEDIA_VIDEO_MAX_SECONDS: '90',
        FFMPEG_PATH: '/usr/local/bin/ffmpeg',
        FFPROBE_PATH: '/usr/local/bin/ffprobe',
        RATE_LIMIT_CHAT_MESSAGES: '10',
        RATE_LIMIT_LIKES: '11',
        RATE_LIMIT_COMMENTS: '12',
        RATE_LIMIT_UPLOADS: '13',
        RATE_LIMIT_SOCIAL: '14',
        RATE_LIMIT_CHAT_ROOMS: '15',
        RATE_LIMIT_MARK_READ: '16',
        RATE_LIMIT_PROFILE: '17',
        RATE_LIMIT_OTHER_WRITES: '18',
      },
      '/opt/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/savepoint',
      databaseUrl: 'postgres://app@db.internal:5432/savepoint',
      sessionSecret: 's'.repeat(32),
      redisUrl: 'rediss://:pw@redis.internal:6380/2',
      trustProxy: true,
      logLevel: 'warn',
      mediaLimits: { imageBytes: 5 * 2 ** 20, videoBytes: 500 * 2 ** 20, quotaBytes: 10000 * 2 ** 20, videoSeconds: 90 },
      mediaWorkers: 0,
      videoTools: { ffmpeg: '/usr/local/bin/ffmpeg', ffprobe: '/usr/local/bin/ffprobe' },
      writeLimits: { messages: 10, likes: 11, comments: 12, uploads: 13, social: 14, rooms: 15, reads: 16, profile: 17, other: 18 },
      uploadConcurrency: 1,
      siteDir: '/opt/site',
    });
    expect(config.publicUrl?.origin).toBe('https://savepoint.example');
  });

  it('treats empty values as unset (as an .env file with blank lines gives them)', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', HOST: '' })).toMatchObject({ port: 4321, databaseUrl: undefined, host: '127.0.0.1' });
  });

  it('reads SHUTDOWN_GRACE_SECONDS in whole seconds, 0 to 3600', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '5' }).shutdownGraceMs).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '2.5' })).toThrow(/SHUTDOWN_GRACE_SECONDS: must be a whole number/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '3601' })).toThrow(/SHUTDOWN_GRACE_SECONDS: must be at most 3600/);
  });

  it('checks the media pipeline settings: workers 0-32, a length in seconds, absolute tool paths', () => {
    expect(() => loadConfig({ MEDIA_WORKERS: '33' })).toThrow(/MEDIA_WORKERS: must be at most 32/);
    expect(() => loadConfig({ MEDIA_VIDEO_MAX_SECONDS: '0' })).toThrow(/MEDIA_VIDEO_MAX_SECONDS: must be at least 1/);
    expect(() => loadConfig({ FFMPEG_PATH: 'ffmpeg' })).toThrow(/FFMPEG_PATH: must be an absolute path/);
  });

  it('checks the push settings: both VAPID keys or neither, a mailto: or https: subject, host names', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'A'.repeat(43) };
    expect(loadConfig({ ...keys, PUSH_ENDPOINT_HOSTS: ' push.example.net, *.push.example:8443 ' }).push).toEqual({
      vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      subject: 'mailto:admin@savepoint.invalid',
      endpointHosts: ['push.example.net', '*.push.example:8443'],
    });
    expect(loadConfig({ PUBLIC_URL: 'https://play.example/' }).push.subject).toBe('https://play.example');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@play.example' }).push.subject).toBe('mailto:ops@play.example');
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be 32 bytes/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://play.example' })).toThrow(/VAPID_SUBJECT: must be a mailto: address or an https: URL/);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'https://push.example' })).toThrow(/PUSH_ENDPOINT_HOSTS: must be host names/);
  });

  it('accepts PORT 0 (any free port), as tests use', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with a ConfigError naming PORT', (value) => {
    const err = configError({ PORT: value });
    expect(err.message).toMatch(/^\s+PORT: /m);
    expect(err.message).toContain('.env.example');
  });

  it('lists every problem at once', () => {
    const err = configError({
      PORT: 'x',
      DATABASE_URL: 'mysql://db/x',
      PUBLIC_URL: 'ftp://x',
      SESSION_SECRET: 'short',
      REDIS_URL: 'http://redis.internal',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      MEDIA_IMAGE_MAX_MB: '0',
      MEDIA_VIDEO_MAX_MB: 'lots',
      MEDIA_QUOTA_MB: '-5',
      UPLOAD_CONCURRENCY: '0',
      RATE_LIMIT_LIKES: '1.5',
    });
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'PUBLIC_URL',
      'SESSION_SECRET',
      'REDIS_URL',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'MEDIA_IMAGE_MAX_MB',
      'MEDIA_VIDEO_MAX_MB',
      'MEDIA_QUOTA_MB',
      'UPLOAD_CONCURRENCY',
      'RATE_LIMIT_LIKES',
    ]) {
      expect(err.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
    }
    expect(err.message).toContain('DATABASE_URL: must start with postgres: or postgresql://');
    expect(err.message).toContain('REDIS_URL: must start with redis: or rediss://');
  });

  it('accepts a unix-socket DATABASE_URL', () => {
    const url = 'postgresql:///savepoint?host=%2Fvar%2Frun%2Fpostgresql&user=app';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });
});
