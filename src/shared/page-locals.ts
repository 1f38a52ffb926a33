/** What the server hands Astro pages for each request (Astro.locals). */
import type { Role } from './schemas/moderation.ts';

export type PageUser = { id: number; username: string; email: string; role: Role };
export type PageLocals = { user: PageUser | null; csrfToken: string };
