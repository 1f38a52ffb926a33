/** What the server hands Astro pages for each request (Astro.locals). */
import type { Role } from './moderation-values.ts';

export type PageUser = { id: number; username: string; email: string; role: Role };
/** `socketHost`: the host[:port] the page's socket connects to, checked by the server (null: none to name). */
export type PageLocals = { user: PageUser | null; csrfToken: string; socketHost: string | null };
