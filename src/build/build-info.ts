/**
 * NOTE: what a build was made with that the server must match (ADR 053): today ASSETS_URL, which is baked into every
 * page (Astro's assetsPrefix and the pages' policy). Written as <outDir>/build-info.json when the build ends, read by
 * the server at start (savepoint-server.ts refuses a mismatch) and by scripts/build-if-stale.mjs (which rebuilds).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export type BuildInfo = { assetsUrl: string | null };
export const BUILD_INFO_FILE = 'build-info.json';

export function buildInfo(info: BuildInfo): AstroIntegration {
  let outDir = '';
  return {
    name: 'savepoint-build-info',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:done': () => {
        fs.writeFileSync(path.join(outDir, BUILD_INFO_FILE), JSON.stringify(info));
      },
    },
  };
}

/** The build's info, or null for a build older than this file (made without ASSETS_URL). */
export function readBuildInfo(siteDir: string): BuildInfo | null {
  const file = path.join(siteDir, BUILD_INFO_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BuildInfo) : null;
}
