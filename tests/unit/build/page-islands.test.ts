/**
 * Page islands (src/build/page-islands.ts): the `.tsx` components a page renders with `client:`, through the
 * `.astro` components it imports; a hydrated component imported in a form the reader cannot see fails the build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { islandsOf } from '../../../src/build/page-islands.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-islands-'));
const write = (name: string, text: string) => {
  fs.writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('islandsOf', () => {
  it('counts components rendered with client:, also through imported .astro components', () => {
    write('Part.astro', "---\nimport Step from './Step.tsx';\n---\n<Step client:load />\n");
    const page = write(
      'page.astro',
      [
        '---',
        "import Part from './Part.astro';",
        "import Feed, { FEED_PARAM } from './Feed.tsx';",
        "import Plain from './Plain.tsx';",
        '---',
        '<Part /><Plain /><Feed',
        '  client:load filter="all" />',
      ].join('\n'),
    );
    expect(islandsOf(page).map((file) => path.basename(file))).toEqual(['Step.tsx', 'Feed.tsx']);
  });

  it('fails on a hydrated component it cannot trace to an import', () => {
    const page = write('odd.astro', "---\nimport * as Parts from './Parts.tsx';\n---\n<Parts.Thing client:load />\n");
    expect(() => islandsOf(page)).toThrow(/hydrates <Parts>/);
  });
});
