/**
 * The 'Create New Chat' dialog (spec §2 "Chats list", §5): Group Chat or 1-on-1 Chat; a group takes a name
 * ('Enter chat name') and friends ticked in a 200 px scroll area, a 1-on-1 one friend ('Select a friend').
 * The shared createRoomSchema decides what is valid (its first message shows in the alert; nothing is sent).
 * Create goes to /chats/{room_id}; for a 1-on-1 that already exists the server answers that room.
 */
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { CHAT_NAME_MAX } from '../../shared/constants.ts';
import { createRoom } from '../../stores/chat/create-chat-room.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { FriendPicker, KindChoice, NoFriends, type ChatKind } from './CreateChatFields.tsx';
import { useFriends } from './use-friends.ts';
import { chatPath } from '../../shared/paths.ts';

const FORM_ID = 'create-chat-form';
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '6' });

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

async function goToRoom(roomId: number): Promise<void> {
  const { navigate } = await import('astro:transitions/client');
  await navigate(chatPath(roomId));
}

export function CreateChatDialog({ open, onOpenChange }: Props) {
  const { friends, error: loadError } = useFriends(open);
  const [kind, setKind] = useState<ChatKind>('group');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [friendId, setFriendId] = useState('');
  const { error, busy, onSubmit } = useFormDialog({
    open,
    onOpenChange,
    reset: () => {
      setKind('group');
      setName('');
      setPicked([]);
      setFriendId('');
    },
    save: async () => {
      const input =
        kind === 'group' ? { name, user_ids: picked, is_group: true } : { user_ids: friendId ? [Number(friendId)] : [], is_group: false };
      const outcome = await createRoom(input);
      if (outcome.error !== undefined) return outcome.error;
      void goToRoom(outcome.room_id); // the dialog closes as the navigation starts
      return null;
    },
  });

  const noFriends = friends !== null && friends.length === 0;
  const footer = (
    <>
      <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={FORM_ID} disabled={busy || !friends?.length} aria-busy={busy}>
        {busy ? 'Creating...' : 'Create'}
      </Button>
    </>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create New Chat" busy={busy} size="sm" footer={footer}>
      {loadError ? (
        <Alert>{loadError}</Alert>
      ) : friends === null ? (
        <div className={centerClass}>
          <Spinner label="Loading friends" />
        </div>
      ) : noFriends ? (
        <NoFriends />
      ) : (
        <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
          {error && <Alert>{error}</Alert>}
          <KindChoice value={kind} onChange={setKind} disabled={busy} />
          {kind === 'group' ? (
            <>
              <TextField
                label="Enter chat name"
                name="name"
                value={name}
                maxLength={CHAT_NAME_MAX}
                autoComplete="off"
                onChange={(e) => setName(e.target.value)}
                disabled={busy}
              />
              <FriendPicker friends={friends} picked={picked} onChange={setPicked} disabled={busy} />
            </>
          ) : (
            <SelectField
              label="Select a friend"
              name="friend"
              placeholder="Choose a friend"
              options={friends.map((f) => ({ value: String(f.friend_id), label: f.username }))}
              value={friendId}
              onChange={(e) => setFriendId(e.target.value)}
              disabled={busy}
            />
          )}
        </form>
      )}
    </Dialog>
  );
}
