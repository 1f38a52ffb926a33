/**
 * NOTE: runs once per `npm run test:integration`, in the main vitest process. It starts ONE embedded
 * PostgreSQL cluster in a throwaway DATA_DIR and migrates a template database; each test file then clones
 * that template (see database.ts), which takes milliseconds instead of re-running migrations.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../../../src/server/db/client.ts';
import { startEmbeddedCluster } from '../../../src/server/db/embedded-cluster.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { createJobQueue } from '../../../src/server/jobs/job-queue.ts';
import { makeCertificate } from './certificate.ts';

export const TEMPLATE_DB = 'savepoint_template';

export type TestCluster = { socketDir: string; port: number; template: string };

declare module 'vitest' {
  interface ProvidedContext {
    cluster: TestCluster;
    /** The loopback push service's certificate and key (push-service.ts), for localhost and 127.0.0.1. */
    pushTls: { certFile: string; keyFile: string };
  }
}

/**
 * A self-signed certificate for the test push service. Node reads NODE_EXTRA_CA_CERTS when a process starts: set
 * here, before the test workers are started, every worker (and the servers it runs) trusts it, as an operator's
 * nodes would trust their own push service's CA.
 */
function makePushCertificate(dir: string) {
  const made = makeCertificate(dir);
  process.env.NODE_EXTRA_CA_CERTS = made.certFile;
  return made;
}

export default async function setup(project: TestProject) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-it-'));
  // Postgres runs as the `postgres` user when we are root: it must be able to traverse the temp folder.
  await fs.chmod(root, 0o711);
  const dataDir = path.join(root, 'data');
  const cluster = await startEmbeddedCluster(dataDir, createLogger('warn'));
  try {
    const admin = new pg.Client({ host: cluster.socketDir, port: cluster.port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const pool = new pg.Pool({ host: cluster.socketDir, port: cluster.port, user: 'postgres', database: TEMPLATE_DB, max: 1 });
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
    // No connection may remain on a template while it is being cloned.
    await pool.end();
    // The job queue's tables too (each server would otherwise install them on its first start).
    const jobs = await createJobQueue({
      connection: { host: cluster.socketDir, port: cluster.port, user: 'postgres', database: TEMPLATE_DB },
      log: createLogger('warn'),
    });
    await jobs.stop();
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  project.provide('cluster', { socketDir: cluster.socketDir, port: cluster.port, template: TEMPLATE_DB });
  project.provide('pushTls', makePushCertificate(root));

  return async () => {
    await cluster.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
