/**
 * NOTE: a Vite plugin: the browser's socket.io client speaks WebSocket only (src/stores/socket.ts asks for
 * `transports: ['websocket']`, and the server accepts nothing else, ADR 018), but engine.io-client's table of
 * transports imports HTTP long-polling and WebTransport too: about 8 kB of code every signed-in page loaded and
 * none ran. For the browser build only, that table holds the WebSocket transport alone; the library is otherwise
 * the same files. The dev server's pre-bundled copy and Node (tests, the bench's clients) keep the full table.
 */
import type { Plugin } from 'vite';

const TRANSPORT_TABLE = /[\\/]engine\.io-client[\\/]build[\\/]esm[\\/]transports[\\/]index\.js$/;
/** The table's replacement; `./websocket.node.js` resolves to the browser's websocket.js, as in the original. */
export const WEBSOCKET_ONLY_TABLE = 'import { WS } from "./websocket.node.js";\nexport const transports = { websocket: WS };\n';

export function websocketOnly(): Plugin {
  return {
    name: 'savepoint:websocket-only',
    enforce: 'pre',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    load: (id) => (TRANSPORT_TABLE.test(id.split('?')[0]!) ? WEBSOCKET_ONLY_TABLE : null),
  };
}
