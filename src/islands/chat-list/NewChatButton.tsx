/**
 * NOTE: the /chats page's 'New Chat' button (spec §2 "Chats list"), which opens the Create New Chat dialog.
 * An island of its own so it can sit in the page heading's actions slot beside the h1.
 */
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const CreateChatDialog = lazyOnOpen(() => import('./CreateChatDialog.tsx').then((m) => m.CreateChatDialog));

export default function NewChatButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Icon name="chats" />
        New Chat
      </Button>
      <CreateChatDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
