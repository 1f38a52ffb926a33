/**
 * The 1-on-1 room's menu ('Chat menu'): Leave Chat, which hides the chat from your list until the other person
 * writes again (ADR 022). Mute stays a button of its own beside it.
 */
import { Menu } from '@ark-ui/react/menu';
import { useState } from 'react';
import { cx } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { Icon } from '../../ui/Icon.tsx';
import { menuContentClass, menuDangerClass, menuItemClass } from '../../ui/menu-styles.ts';
import { LeaveDialog } from './LeaveDialog.tsx';

export function DirectMenu() {
  const [leaving, setLeaving] = useState(false);
  return (
    <>
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-end' }}
        onSelect={(d) => d.value === 'leave' && setLeaving(true)}
      >
        <Menu.Trigger className={iconButton()} aria-label="Chat menu">
          <Icon name="more" />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={menuContentClass}>
            <Menu.Item value="leave" className={cx(menuItemClass, menuDangerClass)}>
              <Icon name="logout" />
              Leave Chat
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <LeaveDialog open={leaving} onOpenChange={setLeaving} />
    </>
  );
}
