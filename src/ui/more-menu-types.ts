/** The props of MoreMenu (the plain trigger) and MoreMenuView (Ark's menu), which both render them. */
import type { ReactNode } from 'react';
import type { IconName } from './icons.ts';

export type MoreMenuItem = { value: string; label: ReactNode; icon: IconName; danger?: boolean };
export type MoreMenuProps = { label: string; items: MoreMenuItem[]; onSelect: (value: string) => void; className?: string };
