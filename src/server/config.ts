/**
 * NOTE: the one place that reads process.env. Everything else receives a parsed `Config`.
 * Parse once at boot with `loadConfig()`; it throws `ConfigError` with every problem listed.
 */
import path from 'node:path';
import * as v from 'valibot';
import { WRITE_BUCKETS, type WriteBucket, type WriteLimits } from './auth/write-buckets.ts';

const port = v.pipe(
  v.optional(v.string(), '4321'),
  v.transform(Number),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0-65535'),
  v.maxValue(65535, 'must be 0-65535'),
);
const bool = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0', ''], 'must be true or false'), 'false'),
  v.transform((s) => s === 'true' || s === '1'),
);
const optionalUrl = (protocols: string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      v.check((s) => protocols.includes(new URL(s).protocol), `must start with ${protocols.join(' or ')}//`),
    ),
  );

const megabytes = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer('must be a whole number of megabytes'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(4096, 'must be at most 4096'),
  );

const wholeNumber = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

const buckets = Object.entries(WRITE_BUCKETS) as Array<[WriteBucket, (typeof WRITE_BUCKETS)[WriteBucket]]>;
const writeLimitSettings = Object.fromEntries(buckets.map(([, b]) => [b.env, wholeNumber(b.limit, 1, 100_000)]));

const envSchema = v.object({
  ...writeLimitSettings,
  PORT: port,
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  TRUST_PROXY: bool,
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  MEDIA_IMAGE_MAX_MB: megabytes(20),
  MEDIA_VIDEO_MAX_MB: megabytes(200),
  MEDIA_QUOTA_MB: wholeNumber(2048, 1, 100_000_000),
  UPLOAD_CONCURRENCY: wholeNumber(3, 1, 100),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: URL | undefined;
  sessionSecret: string | undefined;
  /** Redis (or Valkey) that carries live events between nodes; one node keeps them in memory without it. */
  redisUrl: string | undefined;
  trustProxy: boolean;
  logLevel: string;
  /** Largest post upload accepted, by kind (ADR 015). */
  mediaLimits: MediaLimits;
  /** Write requests per person per bucket window, by bucket (auth/write-buckets.ts). */
  writeLimits: WriteLimits;
  /** Uploads one person may have in flight at once, across every node. */
  uploadConcurrency: number;
  /** Folder holding the built Astro site (dist/). Tests run without pages by leaving it undefined. */
  siteDir: string | undefined;
};

/** Largest post upload by kind, and the most post bytes one person may keep stored (`quotaBytes`). */
export type MediaLimits = { imageBytes: number; videoBytes: number; quotaBytes: number };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, siteDir?: string): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const e = result.output;
  const settings = e as unknown as Record<string, number>;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : undefined,
    sessionSecret: e.SESSION_SECRET,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    mediaLimits: {
      imageBytes: e.MEDIA_IMAGE_MAX_MB * 2 ** 20,
      videoBytes: e.MEDIA_VIDEO_MAX_MB * 2 ** 20,
      quotaBytes: e.MEDIA_QUOTA_MB * 2 ** 20,
    },
    writeLimits: Object.fromEntries(buckets.map(([name, b]) => [name, settings[b.env]!])) as WriteLimits,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    siteDir,
  };
}
