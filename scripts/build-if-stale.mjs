// `npm start` serves the current source: rebuild when anything the site is built from is newer than dist/, or when
// dist/ was built for another ASSETS_URL (read from the environment or .env, as the server will read it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAssetsUrl } from '../src/shared/assets-url.ts';
// The settings in .env, as `npm start` reads them (ASSETS_URL is built into the pages).
import './env-file.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'public', 'astro.config.mjs', 'panda.config.ts', 'postcss.config.cjs', 'package-lock.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const infoFile = path.join(root, 'dist', 'build-info.json');
const builtFor = fs.existsSync(infoFile) ? JSON.parse(fs.readFileSync(infoFile, 'utf8')).assetsUrl : null;
const wanted = parseAssetsUrl(process.env.ASSETS_URL) ?? null;

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map(newest));
const fresh = built > changed && fs.existsSync(path.join(root, 'dist', 'server', 'entry.mjs'));
if (fresh && builtFor === wanted) process.exit(0);

console.log(
  fresh ? `Building the site for ASSETS_URL=${wanted ?? '(none)'}…` : 'Building the site (sources changed since the last build)…',
);
// `npm run build` sets NODE_ENV=production itself, whatever the caller's (vitest sets 'test' for the tests that build
// the site, which once made Vite bundle React's development build).
const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stamp, new Date().toISOString());
