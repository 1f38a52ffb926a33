/**
 * 'Add User' and 'Remove User' (spec §2, §5, §9): a radio list in a 200 px scroll area, a selection required.
 * Add lists one's friends (GET /friends/) who are not in the room yet; Remove lists the people in it except
 * oneself. Only the owner may remove (ADR 018): anyone else sees who the owner is, and the button stays off.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ChatPerson } from '../../shared/chat-types.ts';
import { addPerson, loadFriends, removePerson } from '../../stores/chat/chat-room-actions.ts';
import { $chatRoom } from '../../stores/chat/chat-room.ts';
import { toast } from '../../stores/toasts.ts';
import { PersonPickerDialog } from './PersonPickerDialog.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function AddUserDialog({ open, onOpenChange }: Props) {
  const participants = useStore($chatRoom, { keys: ['participants'] }).participants;
  const [friends, setFriends] = useState<ChatPerson[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setFriends(null);
    setLoadError(null);
    loadFriends().then(
      (list) => setFriends(list.map((f) => ({ id: f.friend_id, username: f.username }))),
      () => setLoadError('Your friends could not be loaded. Please try again.'),
    );
  }, [open]);

  const inRoom = new Set(participants.map((p) => p.id));
  return (
    <PersonPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add User"
      legend="Select a friend"
      people={friends && friends.filter((f) => !inRoom.has(f.id))}
      problem={loadError}
      emptyText="All your friends are already in this group."
      actionLabel="Add"
      busyLabel="Adding..."
      onConfirm={async (person) => {
        const problem = await addPerson(person.id);
        if (!problem) toast.success(`${person.username} was added to the group`);
        return problem;
      }}
    />
  );
}

export function RemoveUserDialog({ open, onOpenChange, me }: Props & { me: { id: number } }) {
  const { participants, ownerId } = useStore($chatRoom, { keys: ['participants', 'ownerId'] });
  const owner = participants.find((p) => p.id === ownerId);
  const note = ownerId === me.id ? null : `Only the group owner${owner ? `, ${owner.username},` : ''} can remove people.`;
  return (
    <PersonPickerDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Remove User"
      legend="Select a person to remove"
      people={participants.filter((p) => p.id !== me.id)}
      note={note}
      emptyText="Nobody else is in this group."
      actionLabel="Remove"
      busyLabel="Removing..."
      actionDisabled={note !== null}
      onConfirm={async (person) => {
        const problem = await removePerson(person.id);
        if (!problem) toast.success(`${person.username} was removed from the group`);
        return problem;
      }}
    />
  );
}
