/**
 * NOTE: reading a downloaded zip in tests (yauzl, from a buffer): every entry's name and bytes, in zip order.
 * Shared by the export's integration test and its Playwright journey.
 */
import yauzl from 'yauzl';

export async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve(entries));
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
}
