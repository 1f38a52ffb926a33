/**
 * NOTE: a browser tab for the client modules (src/client, src/stores) against the real test server. It is a
 * happy-dom Window at the server's origin whose `window`, `document`, `location` and `fetch` become the globals
 * those modules read. Cookies live in the tab as in a browser: fetch stores Set-Cookie (HttpOnly included),
 * `document.cookie` shows the readable ones, and the tab's WebSocket sends them all with our Origin.
 * Rules for callers:
 * - One tab per test file, opened in beforeAll AFTER useTestServer(), and only then `loadClientModules()`:
 *   the modules are page singletons, exactly as on a real page load.
 * - Files that use the socket must map socket.io-client to its browser build (see `browserSocketIoClient`).
 * - `network` records every API exchange (like a devtools panel) for asserting what was sent.
 * Why not `@vitest-environment happy-dom`: the test server runs in this same worker, and swapping all of Node's
 * globals (Request, Response, Headers, …) for happy-dom's makes its API answer 500 to everything.
 */
import { Window, type Event } from 'happy-dom';
import { createRequire } from 'node:module';
import { vi } from 'vitest';
import { CSRF_HEADER } from '../../../../src/shared/constants.ts';

export type Exchange = {
  method: string;
  path: string;
  csrfHeader: string | undefined;
  credentials: string | undefined;
  status: number;
  body: unknown;
};

export type BrowserTab = {
  window: Window;
  network: Exchange[];
  /** Holds back the next response to `path` (it reaches the page only on release), to order events by hand. */
  holdResponse(path: string): () => void;
  close(): Promise<void>;
};

let openTab: Window | null = null;

export function openBrowserTab(origin: string): BrowserTab {
  const window = new Window({ url: `${origin}/` });
  Object.defineProperty(window, 'WebSocket', { value: withBrowserFailureEvents(window), configurable: true, writable: true });
  const pageFetch = window.fetch.bind(window);
  const network: Exchange[] = [];
  const held = new Map<string, Promise<void>>();
  const recordingFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), window.location.href);
    const received = await pageFetch(input as Parameters<typeof pageFetch>[0], init as Parameters<typeof pageFetch>[1]);
    // happy-dom's Response.clone() empties both copies of a network response (capricorn86/happy-dom#2353):
    // read the body once and hand the page an identical Response.
    const bytes = await received.arrayBuffer();
    const response = new window.Response(bytes, {
      status: received.status,
      statusText: received.statusText,
      headers: received.headers,
    }) as unknown as Response;
    let body: unknown = null;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      // not JSON: recorded as null
    }
    const headers = (init.headers ?? {}) as Record<string, string>;
    await held.get(url.pathname);
    network.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      csrfHeader: headers[CSRF_HEADER],
      credentials: init.credentials,
      status: response.status,
      body,
    });
    return response;
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', window.document);
  vi.stubGlobal('location', window.location);
  vi.stubGlobal('fetch', recordingFetch);
  openTab = window;
  return {
    window,
    network,
    holdResponse(path) {
      let release = () => {};
      held.set(path, new Promise((resolve) => (release = resolve)));
      return () => {
        held.delete(path);
        release();
      };
    },
    async close() {
      openTab = null;
      await window.happyDOM.abort();
      window.close();
      vi.unstubAllGlobals();
    },
  };
}

/**
 * happy-dom's WebSocket fires only `close` when a connection fails; browsers fire `error` first (HTML: "fail the
 * WebSocket connection"), and socket.io-client waits for that error before it schedules its next attempt.
 */
function withBrowserFailureEvents(window: Window): Window['WebSocket'] {
  return class BrowserWebSocket extends window.WebSocket {
    override dispatchEvent(event: Event): boolean {
      if (event.type === 'close' && !(event as Event & { wasClean: boolean }).wasClean) super.dispatchEvent(new window.Event('error'));
      return super.dispatchEvent(event);
    }
  };
}

/** The page's client modules, evaluated once in the open tab (import after `openBrowserTab`). */
export async function loadClientModules() {
  if (!openTab) throw new Error('loadClientModules(): open a browser tab first');
  const [api, session, socket] = await Promise.all([
    import('../../../../src/client/api.ts'),
    import('../../../../src/stores/accounts/session.ts'),
    import('../../../../src/stores/socket.ts'),
  ]);
  return { api, session, socket };
}

/**
 * socket.io-client as a browser gets it: its browser bundle opens the tab's WebSocket (cookies and Origin
 * included), where the Node build would use `ws` and send neither. The bundle reads `window.WebSocket` when it
 * is evaluated, so it is evaluated afresh for the open tab. Use in a test file as
 * `vi.mock('socket.io-client', async () => (await import('./support/browser-tab.ts')).browserSocketIoClient())`.
 */
export function browserSocketIoClient(): { io: typeof import('socket.io-client').io } {
  if (!openTab) throw new Error('browserSocketIoClient(): open a browser tab before the socket module loads');
  const require = createRequire(import.meta.url);
  const bundlePath = require.resolve('socket.io-client/dist/socket.io.js');
  delete require.cache[bundlePath];
  return { io: require(bundlePath) as typeof import('socket.io-client').io };
}
