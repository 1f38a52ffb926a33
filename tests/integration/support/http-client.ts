/**
 * NOTE: a tiny browser stand-in over real fetch: it keeps cookies per client (a "visitor"), and sends the
 * csrf_token cookie back as X-CSRF-TOKEN on state-changing calls, as the spec's client does. Use
 * `{ csrf: false }` or `{ csrf: '<token>' }` per call to misbehave on purpose.
 */
import { CSRF_COOKIE, CSRF_HEADER } from '../../../src/shared/constants.ts';

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T; text: string };
type CallOptions = { csrf?: boolean | string; headers?: Record<string, string>; rawBody?: string | FormData | Blob };

export class ApiClient {
  readonly origin: string;
  readonly cookies = new Map<string, string>();

  constructor(origin: string) {
    this.origin = origin;
  }

  get csrfToken(): string | undefined {
    return this.cookies.get(CSRF_COOKIE);
  }

  /** The Cookie header this client would send (for sockets and replaying old sessions). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get = <T = Record<string, unknown>>(path: string, opts: CallOptions = {}) => this.call<T>('GET', path, undefined, opts);
  post = <T = Record<string, unknown>>(path: string, body?: unknown, opts: CallOptions = {}) => this.call<T>('POST', path, body, opts);
  put = <T = Record<string, unknown>>(path: string, body?: unknown, opts: CallOptions = {}) => this.call<T>('PUT', path, body, opts);
  patch = <T = Record<string, unknown>>(path: string, body?: unknown, opts: CallOptions = {}) => this.call<T>('PATCH', path, body, opts);
  delete = <T = Record<string, unknown>>(path: string, body?: unknown, opts: CallOptions = {}) => this.call<T>('DELETE', path, body, opts);
  /** A multipart POST (fetch sets the boundary); `form` is sent as built. */
  upload = <T = Record<string, unknown>>(path: string, form: FormData, opts: CallOptions = {}) =>
    this.call<T>('POST', path, undefined, { ...opts, rawBody: form });

  async call<T>(method: string, path: string, body: unknown, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const csrf = opts.csrf ?? true;
    if (typeof csrf === 'string') headers[CSRF_HEADER] = csrf;
    else if (csrf && this.csrfToken) headers[CSRF_HEADER] = this.csrfToken;
    let payload: string | FormData | Blob | undefined = opts.rawBody;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(new URL(path, this.origin), {
      method,
      headers: { ...headers, ...opts.headers },
      body: payload,
      redirect: 'manual',
    });
    this.absorb(res.headers.getSetCookie());
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  private absorb(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A fresh visitor that already holds its csrf_token cookie (as after any page load). */
export async function newVisitor(origin: string): Promise<ApiClient> {
  const client = new ApiClient(origin);
  await client.get('/api/auth/verify');
  return client;
}
