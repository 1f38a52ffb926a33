/**
 * The group-only menu ('Group menu'): Rename Group, Add User, Remove User and Leave Group, each opening its
 * dialog. It lists only what the person may do: Remove User is the owner's alone (ADR 018), so nobody else sees
 * it. Mute is not here: it is a button in the room's header, where a 1-on-1 has it too.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { MoreMenu, type MoreMenuItem } from '../../ui/MoreMenu.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const AddUserDialog = lazyOnOpen(() => import('./PeopleDialogs.tsx').then((m) => m.AddUserDialog));
const RemoveUserDialog = lazyOnOpen(() => import('./PeopleDialogs.tsx').then((m) => m.RemoveUserDialog));
const LeaveDialog = lazyOnOpen(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));
const RenameDialog = lazyOnOpen(() => import('./RenameDialog.tsx').then((m) => m.RenameDialog));

type Opened = 'rename' | 'add' | 'remove' | 'leave' | null;

export function GroupMenu({ me }: { me: { id: number } }) {
  const owner = useStore($chatRoom, { keys: ['ownerId'] }).ownerId === me.id;
  const [opened, setOpened] = useState<Opened>(null);
  const close = (open: boolean) => !open && setOpened(null);

  const items: MoreMenuItem[] = [
    { value: 'rename', icon: 'edit', label: 'Rename Group' },
    { value: 'add', icon: 'userPlus', label: 'Add User' },
    ...(owner ? [{ value: 'remove', icon: 'close', label: 'Remove User' } satisfies MoreMenuItem] : []),
    { value: 'leave', icon: 'logout', label: 'Leave Group', danger: true },
  ];

  return (
    <>
      <MoreMenu label="Group menu" items={items} onSelect={(value) => setOpened(value as Opened)} />
      <RenameDialog open={opened === 'rename'} onOpenChange={close} />
      <AddUserDialog open={opened === 'add'} onOpenChange={close} />
      <RemoveUserDialog open={opened === 'remove'} onOpenChange={close} me={me} />
      <LeaveDialog open={opened === 'leave'} onOpenChange={close} />
    </>
  );
}
