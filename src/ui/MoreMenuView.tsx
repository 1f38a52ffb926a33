/**
 * NOTE: the three-dot menu itself (Ark UI Menu), loaded by MoreMenu.tsx on the first click of its trigger and
 * mounted open. Use MoreMenu, not this module, so Ark's menu code stays out of the page's initial JS.
 */
import { Menu } from '@ark-ui/react/menu';
import { cx } from '../../styled-system/css';
import { iconButton } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';
import { menuContentClass, menuDangerClass, menuItemClass } from './menu-styles.ts';
import type { MoreMenuProps } from './more-menu-types.ts';

export default function MoreMenuView({ label, items, onSelect, className }: MoreMenuProps) {
  return (
    <Menu.Root defaultOpen lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }} onSelect={(d) => onSelect(d.value)}>
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
