// Preloaded (node --import) by `npm start` (and imported by scripts/build-if-stale.mjs) and the operator scripts `npm run db:migrate`, `admin`, `seed` and
// `media:migrate`: the settings in .env, when there is one; variables already set win. Node's own
// --env-file-if-exists says ".env not found" on every start without one.
import fs from 'node:fs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
