/**
 * The group-only menu (spec §2 "Chat room", §6): 'Group menu' opens Rename Group, Mute/Unmute, Add User, Remove
 * User and Leave Group; each but Mute opens its dialog. Remove User is shown to everyone (the spec lists it for
 * the group menu), but only the owner can use it (ADR 018): others see who the owner is and why they cannot.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { toggleMute } from '../../stores/chat/chat-room-actions.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { toast } from '../../stores/toasts.ts';
import { MoreMenu, type MoreMenuItem } from '../../ui/MoreMenu.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const AddUserDialog = lazyOnOpen(() => import('./PeopleDialogs.tsx').then((m) => m.AddUserDialog));
const RemoveUserDialog = lazyOnOpen(() => import('./PeopleDialogs.tsx').then((m) => m.RemoveUserDialog));
const LeaveDialog = lazyOnOpen(() => import('./LeaveDialog.tsx').then((m) => m.LeaveDialog));
const RenameDialog = lazyOnOpen(() => import('./RenameDialog.tsx').then((m) => m.RenameDialog));

type Opened = 'rename' | 'add' | 'remove' | 'leave' | null;

export function GroupMenu({ me }: { me: { id: number } }) {
  const muted = useStore($chatRoom, { keys: ['muted'] }).muted;
  const [opened, setOpened] = useState<Opened>(null);
  const close = (open: boolean) => !open && setOpened(null);

  const items: MoreMenuItem[] = [
    { value: 'rename', icon: 'edit', label: 'Rename Group' },
    { value: 'mute', icon: 'bell', label: muted ? 'Unmute' : 'Mute' },
    { value: 'add', icon: 'userPlus', label: 'Add User' },
    { value: 'remove', icon: 'close', label: 'Remove User' },
    { value: 'leave', icon: 'logout', label: 'Leave Group', danger: true },
  ];

  async function select(value: string) {
    if (value !== 'mute') return setOpened(value as Opened);
    const problem = await toggleMute();
    if (problem) toast.error(problem);
  }

  return (
    <>
      <MoreMenu label="Group menu" items={items} onSelect={(value) => void select(value)} />
      <RenameDialog open={opened === 'rename'} onOpenChange={close} />
      <AddUserDialog open={opened === 'add'} onOpenChange={close} />
      <RemoveUserDialog open={opened === 'remove'} onOpenChange={close} me={me} />
      <LeaveDialog open={opened === 'leave'} onOpenChange={close} />
    </>
  );
}
