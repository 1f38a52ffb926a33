/** ASSETS_URL (ADR 053): what the setting accepts, and the policy sources it adds. */
import { describe, expect, it } from 'vitest';
import { assetsSource, parseAssetsUrl } from '../../../src/shared/assets-url.ts';
import { pageDirectives, PAGE_DIRECTIVES } from '../../../src/shared/content-policy.ts';
import { loadConfig } from '../../../src/server/config.ts';

describe('ASSETS_URL', () => {
  it('takes an http(s) URL, maybe with a folder, without the trailing slash', () => {
    expect(parseAssetsUrl('https://cdn.example.org/')).toBe('https://cdn.example.org');
    expect(parseAssetsUrl(' https://bucket.example.net/savepoint/ ')).toBe('https://bucket.example.net/savepoint');
    expect(parseAssetsUrl('')).toBeUndefined();
    expect(parseAssetsUrl(undefined)).toBeUndefined();
  });

  it.each(['cdn.example.org', 'ftp://cdn.example.org', 'https://cdn.example.org/?v=1', 'https://u:p@cdn.example.org', 'https://x/#a'])(
    'refuses %s',
    (raw) => expect(() => parseAssetsUrl(raw)).toThrow(/ASSETS_URL: must be an http\(s\) URL/),
  );

  it('adds its folder of hashed files to the connections, images and fonts of the page policy, nothing else', () => {
    expect(pageDirectives(undefined)).toEqual([...PAGE_DIRECTIVES]);
    const withCdn = pageDirectives(assetsSource('https://cdn.example.org/savepoint'));
    expect(withCdn.filter((d) => d.includes('cdn.example.org'))).toEqual([
      "connect-src 'self' blob: https://cdn.example.org/savepoint/_astro/",
      "img-src 'self' data: blob: https://cdn.example.org/savepoint/_astro/",
      "font-src 'self' https://cdn.example.org/savepoint/_astro/",
    ]);
  });

  it('is read by the server config with SITE_DIR, the folder of the build to serve', () => {
    expect(loadConfig({ ASSETS_URL: 'https://cdn.example.org/', SITE_DIR: '/srv/site' }, '/opt/dist')).toMatchObject({
      assetsUrl: 'https://cdn.example.org',
      siteDir: '/srv/site',
    });
    expect(loadConfig({}, '/opt/dist')).toMatchObject({ assetsUrl: undefined, siteDir: '/opt/dist' });
    expect(() => loadConfig({ ASSETS_URL: 'cdn.example.org' })).toThrow(/ASSETS_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ASSETS_URL: 'http://cdn.example.org', PUBLIC_URL: 'https://play.example' })).toThrow(
      /ASSETS_URL: must be https when PUBLIC_URL is/,
    );
  });
});
