/**
 * NOTE: the not-found state for islands (NotFound.tsx), loaded when first shown: islands reach it only when the
 * API answers 404 after the page's own check, so its code stays off every page that never shows it. Nothing
 * renders while it loads; a failed load says so in a toast (on-demand.ts).
 */
import { onDemand, useOnDemand } from './on-demand.ts';
import type { NotFoundProps } from './NotFound.tsx';

const notFound = onDemand(() => import('./NotFound.tsx').then((m) => m.NotFound));
const stay = () => {};

export function NotFoundOnDemand(props: NotFoundProps) {
  const NotFound = useOnDemand(notFound, true, stay);
  return NotFound ? <NotFound {...props} /> : null;
}
