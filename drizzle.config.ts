import { defineConfig } from 'drizzle-kit';

// Only `db:generate` uses this: it diffs the schema against committed migrations (no database needed).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
