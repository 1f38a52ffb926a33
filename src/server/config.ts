/**
 * NOTE: the one place that reads process.env. Everything else receives a parsed `Config`.
 * Parse once at boot with `loadConfig()`; it throws `ConfigError` with every problem listed.
 */
import path from 'node:path';
import * as v from 'valibot';
import { WRITE_BUCKETS, type WriteBucket, type WriteLimits } from './auth/write-buckets.ts';
import { pushEnv, pushProblems, pushSettings, type PushSettings } from './push-config.ts';
import { parseAssetsUrl } from '../shared/assets-url.ts';

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
  ...pushEnv,
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
  MEDIA_WORKERS: wholeNumber(1, 0, 32),
  MEDIA_VIDEO_MAX_SECONDS: wholeNumber(600, 1, 24 * 3600),
  FFMPEG_PATH: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => path.isAbsolute(s), 'must be an absolute path'),
    ),
  ),
  FFPROBE_PATH: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => path.isAbsolute(s), 'must be an absolute path'),
    ),
  ),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(20, 0, 3600),
  S3_BUCKET: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)'),
    ),
  ),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1 or auto'))),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_FORCE_PATH_STYLE: bool,
  ASSETS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => {
        try {
          return parseAssetsUrl(s) !== undefined;
        } catch {
          return false;
        }
      }, 'must be an http(s) URL without a query, a fragment or credentials'),
      v.transform((s) => parseAssetsUrl(s)!),
    ),
  ),
  SITE_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

type ParsedEnv = v.InferOutput<typeof envSchema>;

/** Where media goes when S3_BUCKET is set (ADR 030); without keys the SDK's credential chain applies. */
export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** What is incomplete about the S3 settings, as `NAME: message` lines (on the raw values: shown with other errors). */
function s3Problems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const others = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]);
  if (!env.S3_BUCKET) {
    if (others.length > 0) problems.push(`S3_BUCKET: must be set to store media in a bucket (${others.join(', ')} set)`);
    return problems;
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) problems.push('S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID');
  if (!env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) problems.push('S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY');
  if (!env.S3_ENDPOINT && !env.S3_REGION) problems.push('S3_REGION: must be set when S3_ENDPOINT is not (AWS needs the region)');
  return problems;
}

function s3Settings(e: ParsedEnv): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    // Most compatible servers (MinIO, Garage, s3rver) accept any region and default to this one.
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

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
  /** The media pipeline (ADR 051): videos processed at once on this node (0: none here), and the tools. */
  mediaWorkers: number;
  videoTools: { ffmpeg: string | undefined; ffprobe: string | undefined };
  /** Media in an S3-compatible bucket; undefined: on local disk under DATA_DIR/media. */
  s3: S3Settings | undefined;
  /** On shutdown, how long requests already running (uploads included) may take to finish before they are cut. */
  shutdownGraceMs: number;
  /** Web push (ADR 053): VAPID keys and subject, which push services' endpoints are accepted. */
  push: PushSettings;
  /** Folder holding the built Astro site (dist/, or SITE_DIR). Tests run without pages by leaving it undefined. */
  siteDir: string | undefined;
  /** Where browsers load the hashed assets from (a CDN; ADR 053); undefined: this server. Must match the build. */
  assetsUrl: string | undefined;
};

/** Largest post upload by kind, the most post bytes one person may keep stored (`quotaBytes`), the longest video. */
export type MediaLimits = { imageBytes: number; videoBytes: number; quotaBytes: number; videoSeconds: number };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, siteDir?: string): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, present);
  const problems = result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
  problems.push(...s3Problems(present), ...pushProblems(present));
  // Browsers refuse http scripts on an https page.
  if (present.PUBLIC_URL?.startsWith('https:') && present.ASSETS_URL?.trim().startsWith('http:')) {
    problems.push('ASSETS_URL: must be https when PUBLIC_URL is');
  }
  if (!result.success || problems.length > 0) {
    const lines = problems.map((line) => `  ${line}`);
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
      videoSeconds: e.MEDIA_VIDEO_MAX_SECONDS,
    },
    writeLimits: Object.fromEntries(buckets.map(([name, b]) => [name, settings[b.env]!])) as WriteLimits,
    uploadConcurrency: e.UPLOAD_CONCURRENCY,
    mediaWorkers: e.MEDIA_WORKERS,
    videoTools: { ffmpeg: e.FFMPEG_PATH, ffprobe: e.FFPROBE_PATH },
    s3: s3Settings(e),
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    push: pushSettings(e, e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : undefined),
    siteDir: e.SITE_DIR ? path.resolve(e.SITE_DIR) : siteDir,
    assetsUrl: e.ASSETS_URL,
  };
}
