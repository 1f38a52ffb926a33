/** What the server hands Astro pages for each request (Astro.locals). */
export type PageUser = { id: number; username: string; email: string };
export type PageLocals = { user: PageUser | null; csrfToken: string };
