/** The browser build's socket.io client carries the WebSocket transport only (src/build/websocket-only.ts). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBSOCKET_ONLY_TABLE, websocketOnly } from '../../../src/build/websocket-only.ts';

const TRANSPORTS = path.resolve(import.meta.dirname, '../../../node_modules/engine.io-client/build/esm/transports');
const load = (id: string) => (websocketOnly().load as (id: string) => string | null)(id);

describe('websocketOnly', () => {
  it("replaces engine.io-client's table of transports, and nothing else", () => {
    expect(load(path.join(TRANSPORTS, 'index.js'))).toBe(WEBSOCKET_ONLY_TABLE);
    expect(load(`${path.join(TRANSPORTS, 'index.js')}?v=123`)).toBe(WEBSOCKET_ONLY_TABLE);
    expect(load(path.join(TRANSPORTS, 'websocket.js'))).toBeNull();
    expect(load('/work/src/transports/index.js')).toBeNull();
  });

  it('still matches the installed library: the table it replaces and the transport it keeps', () => {
    // An upgrade that moves or renames these must be looked at: the plugin would silently stop trimming, or break.
    expect(readFileSync(path.join(TRANSPORTS, 'index.js'), 'utf8')).toContain('import { WS } from "./websocket.node.js";');
    expect(existsSync(path.join(TRANSPORTS, 'websocket.node.js'))).toBe(true);
  });
});
