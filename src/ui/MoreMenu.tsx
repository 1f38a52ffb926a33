/**
 * A three-dot menu (Ark UI Menu) placed at the end of whatever it sits in: a post's options, a profile's
 * 'More options', a 1-on-1's 'Chat menu'. `label` names the trigger for screen readers; `onSelect` gets the
 * chosen item's `value`. Items marked `danger` read in the danger colour (they should ask before acting).
 */
import { Menu } from '@ark-ui/react/menu';
import type { ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { iconButton } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';
import type { IconName } from './icons.ts';
import { menuContentClass, menuDangerClass, menuItemClass } from './menu-styles.ts';

export type MoreMenuItem = { value: string; label: ReactNode; icon: IconName; danger?: boolean };

type Props = { label: string; items: MoreMenuItem[]; onSelect: (value: string) => void; className?: string };

export function MoreMenu({ label, items, onSelect, className }: Props) {
  return (
    <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }} onSelect={(d) => onSelect(d.value)}>
      <Menu.Trigger className={cx(iconButton(), className)} aria-label={label}>
        <Icon name="more" />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={menuContentClass}>
          {items.map((item) => (
            <Menu.Item key={item.value} value={item.value} className={cx(menuItemClass, item.danger && menuDangerClass)}>
              <Icon name={item.icon} />
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
