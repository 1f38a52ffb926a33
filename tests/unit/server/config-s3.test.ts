import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('loadConfig accepted the environment');
}

const minio = {
  S3_BUCKET: 'savepoint-media',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('loadConfig: media in a bucket', () => {
  it('keeps media on disk without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: '', S3_FORCE_PATH_STYLE: 'false' }).s3).toBeUndefined();
  });

  it('reads every S3 setting', () => {
    expect(loadConfig({ ...minio, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'savepoint-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('defaults the region to us-east-1 for a custom endpoint, and path style to off', () => {
    expect(loadConfig(minio).s3).toMatchObject({ region: 'us-east-1', forcePathStyle: false });
  });

  it('accepts no keys at all (the SDK credential chain: instance or task role)', () => {
    expect(loadConfig({ S3_BUCKET: 'media', S3_REGION: 'us-east-1' }).s3).toMatchObject({
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it('refuses S3 settings without S3_BUCKET, naming what is set', () => {
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key' })).toMatch(
      /S3_BUCKET: must be set .*S3_ENDPOINT, S3_ACCESS_KEY_ID/,
    );
  });

  it('refuses half a key pair', () => {
    expect(problems({ ...minio, S3_SECRET_ACCESS_KEY: '' })).toMatch(/S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID/);
    expect(problems({ ...minio, S3_ACCESS_KEY_ID: '' })).toMatch(/S3_ACCESS_KEY_ID: must be set with S3_SECRET_ACCESS_KEY/);
  });

  it('needs a region when there is no endpoint (AWS)', () => {
    expect(problems({ S3_BUCKET: 'media' })).toMatch(/S3_REGION: must be set when S3_ENDPOINT is not/);
  });

  it.each([
    ['S3_BUCKET', 'Bad_Bucket', /S3_BUCKET: must be a bucket name/],
    ['S3_ENDPOINT', 'ftp://host', /S3_ENDPOINT: must start with http: or https:/],
    ['S3_REGION', 'EU West', /S3_REGION: must be a region name/],
    ['S3_FORCE_PATH_STYLE', 'yes', /S3_FORCE_PATH_STYLE: must be true or false/],
  ])('refuses a malformed %s', (name, value, message) => {
    expect(problems({ ...minio, [name]: value })).toMatch(message);
  });

  it('lists S3 problems with the other settings', () => {
    const message = problems({ PORT: 'abc', S3_ACCESS_KEY_ID: 'key' });
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/S3_BUCKET:/);
  });
});
