/**
 * NOTE: runs the test S3-compatible server (`serveS3rver` in ./s3.ts) as a process of its own, for callers that must
 * not share its CPU and memory (the bench): `node s3rver-main.ts <directory>` prints `{"port":N}` once listening
 * and stops on SIGTERM.
 */
import { serveS3rver } from './s3.ts';

const directory = process.argv[2];
if (!directory) throw new Error('usage: s3rver-main.ts <directory>');
const server = await serveS3rver(directory);
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
