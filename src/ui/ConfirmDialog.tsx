/**
 * NOTE: the confirmation dialog (ConfirmDialogView.tsx: props and rules there), loaded on its first open
 * (src/ui/lazy-on-open.tsx), so pages whose confirmations are rarely opened do not ship Ark's dialog upfront.
 */
import { lazyOnOpen } from './lazy-on-open.tsx';
import type { ConfirmDialogProps } from './ConfirmDialogView.tsx';

export const ConfirmDialog = lazyOnOpen<ConfirmDialogProps>(() => import('./ConfirmDialogView.tsx').then((m) => m.ConfirmDialogView));
