/**
 * The group-only menu (spec §2 "Chat room", §6): 'Group menu' opens Rename Group, Mute/Unmute, Add User, Remove
 * User and Leave Group; each but Mute opens its dialog. Remove User is shown to everyone (the spec lists it for
 * the group menu), but only the owner can use it (ADR 018): others see who the owner is and why they cannot.
 */
import { Menu } from '@ark-ui/react/menu';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { cx } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { toggleMute } from '../../stores/chat-room-actions.ts';
import { $chatRoom } from '../../stores/chat-room.ts';
import { toast } from '../../stores/toasts.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { IconName } from '../../ui/icons.ts';
import { menuContentClass, menuDangerClass, menuItemClass } from '../../ui/menu-styles.ts';
import { AddUserDialog, RemoveUserDialog } from './PeopleDialogs.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { RenameDialog } from './RenameDialog.tsx';

type Opened = 'rename' | 'add' | 'remove' | 'leave' | null;

export function GroupMenu({ me }: { me: { id: number } }) {
  const muted = useStore($chatRoom, { keys: ['muted'] }).muted;
  const [opened, setOpened] = useState<Opened>(null);
  const close = (open: boolean) => !open && setOpened(null);

  const items: Array<{ value: string; icon: IconName; label: string }> = [
    { value: 'rename', icon: 'edit', label: 'Rename Group' },
    { value: 'mute', icon: 'bell', label: muted ? 'Unmute' : 'Mute' },
    { value: 'add', icon: 'userPlus', label: 'Add User' },
    { value: 'remove', icon: 'close', label: 'Remove User' },
    { value: 'leave', icon: 'logout', label: 'Leave Group' },
  ];

  async function select(value: string) {
    if (value !== 'mute') return setOpened(value as Opened);
    const problem = await toggleMute();
    if (problem) toast.error(problem);
  }

  return (
    <>
      <Menu.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }} onSelect={(d) => void select(d.value)}>
        <Menu.Trigger className={iconButton()} aria-label="Group menu">
          <Icon name="more" />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className={menuContentClass}>
            {items.map((item) => (
              <Menu.Item
                key={item.value}
                value={item.value}
                className={item.value === 'leave' ? cx(menuItemClass, menuDangerClass) : menuItemClass}
              >
                <Icon name={item.icon} />
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <RenameDialog open={opened === 'rename'} onOpenChange={close} />
      <AddUserDialog open={opened === 'add'} onOpenChange={close} />
      <RemoveUserDialog open={opened === 'remove'} onOpenChange={close} me={me} />
      <LeaveDialog open={opened === 'leave'} onOpenChange={close} />
    </>
  );
}
