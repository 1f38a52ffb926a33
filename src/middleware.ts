/**
 * NOTE: the page guards of spec §2. The server puts the session in locals before Astro runs; this only reads it.
 * Signed-out visitors of a protected page go to /login?next=<that page>; signed-in ones skip /login and /register.
 */
import { defineMiddleware } from 'astro:middleware';
import { LOGIN_PATH, NEXT_PARAM } from './shared/constants.ts';
import { needsSignIn, signedOutOnly } from './shared/routes.ts';

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  const { pathname, search } = context.url;
  const user = context.locals.user ?? null;
  if (!user && needsSignIn(pathname)) {
    return context.redirect(`${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`, 302);
  }
  if (user && signedOutOnly(pathname)) return context.redirect('/', 302);
  return next();
});
