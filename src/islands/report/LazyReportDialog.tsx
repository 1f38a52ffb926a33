/** NOTE: the Report dialog, loaded on its first open (src/ui/lazy-on-open.tsx); same props as ReportDialog. */
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

export type { ReportSubject } from './ReportDialog.tsx';
export const ReportDialog = lazyOnOpen(
  () => import('./ReportDialog.tsx').then((m) => m.ReportDialog),
  (props) => props.subject !== null,
);
