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
import { menuContentClass, menuDangerClass, menuItemClass } from '../../ui/menu-styles.ts';
import { AddUserDialog, RemoveUserDialog } from './PeopleDialogs.tsx';
import { LeaveDialog } from './LeaveDialog.tsx';
import { RenameDialog } from './RenameDialog.tsx';

type Opened = 'rename' | 'add' | 'remove' | 'leave' | null;

export function GroupMenu({ me }: { me: { id: number } }) {
  const muted = useStore($chatRoom, { keys: ['muted'] }).muted;
  const [opened, setOpened] = useState<Opened>(null);
  const close = (open: boolean) => !open && setOpened(null);

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
            <Menu.Item value="rename" className={menuItemClass}>
              <Icon name="edit" />
              Rename Group
            </Menu.Item>
            <Menu.Item value="mute" className={menuItemClass}>
              <Icon name="bell" />
              {muted ? 'Unmute' : 'Mute'}
            </Menu.Item>
            <Menu.Item value="add" className={menuItemClass}>
              <Icon name="userPlus" />
              Add User
            </Menu.Item>
            <Menu.Item value="remove" className={menuItemClass}>
              <Icon name="close" />
              Remove User
            </Menu.Item>
            <Menu.Item value="leave" className={cx(menuItemClass, menuDangerClass)}>
              <Icon name="logout" />
              Leave Group
            </Menu.Item>
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
