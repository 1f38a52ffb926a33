/**
 * The site the journeys drive is the one `npm start` serves: React's production build. A build started with another
 * NODE_ENV in the environment (vitest sets 'test' for the tests that build the site) once shipped React's
 * development build, several times larger and slower, to every journey after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';

test("the browser's code is React's production build", async () => {
  const assets = path.resolve(import.meta.dirname, '../../dist/client/_astro');
  const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  // Only React's development build prints this invitation (react-dom-client.development.js).
  const development = scripts.filter((name) => fs.readFileSync(path.join(assets, name), 'utf8').includes('react.dev/link/react-devtools'));
  expect(development).toEqual([]);
});
