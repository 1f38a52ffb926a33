// `npm start` serves the current source: rebuild when anything the site is built from is newer than dist/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(...inputs.map(newest));
if (built > changed && fs.existsSync(path.join(root, 'dist', 'server', 'entry.mjs'))) process.exit(0);

console.log('Building the site (sources changed since the last build)…');
// `npm run build` sets NODE_ENV=production itself, whatever the caller's (vitest sets 'test' for the tests that build
// the site, which once made Vite bundle React's development build).
const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.writeFileSync(stamp, new Date().toISOString());
