/**
 * NOTE: the local-disk MediaStorage under `DATA_DIR/media` (files) and `DATA_DIR/media/.spool` (uploads in
 * flight, emptied at start: whatever is there belonged to an upload that never finished).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isValidKey, prepareSpool, type ByteRange, type MediaStorage } from './media-storage.ts';

export async function createDiskStorage(root: string): Promise<MediaStorage> {
  const spoolDir = await prepareSpool(path.join(root, '.spool'));

  const pathOf = (key: string) => {
    // Keys come from newKey(); this guards the file system against anything else reaching it.
    if (!isValidKey(key)) throw new Error(`not a media key: ${key}`);
    return path.join(root, key);
  };
  const place = async (key: string) => {
    const target = pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    return target;
  };

  return {
    spoolDir,
    async put(key, body) {
      await fsp.writeFile(await place(key), body, { flag: 'wx' });
    },
    async putFile(key, localPath) {
      await fsp.rename(localPath, await place(key));
    },
    async stat(key) {
      const info = await fsp.stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
    },
    async read(key, range?: ByteRange) {
      return fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async probe() {
      // Really writes (an access() check passes for root even on a read-only mount): a file where uploads land.
      const probeFile = path.join(spoolDir, `.probe-${process.pid}`);
      await fsp.writeFile(probeFile, '');
      await fsp.rm(probeFile, { force: true });
    },
    async close() {},
  };
}
