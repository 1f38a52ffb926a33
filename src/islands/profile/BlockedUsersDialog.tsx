/**
 * The own profile's 'Blocked users' dialog: loads GET /profile/blocked each time it opens (newest first), and
 * each person has 'Unblock', which takes them off the list at once. Names are not links: a blocked person's
 * profile is 404 until they are unblocked. States: loading, error with 'Try again', empty, the list.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { serverMessageOf } from '../../client/api.ts';
import type { BlockedUser } from '../../shared/api-types.ts';
import { BLOCKED_LIST_FAILED, fetchBlockedUsers, UNBLOCK_FAILED, unblockUser } from '../../stores/social/relationships.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Time } from '../../ui/Time.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; people: BlockedUser[] };

const introClass = css({ color: 'fg.muted', fontSize: 'sm', mb: '3' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '3', py: '2' });
const whoClass = css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' });
const nameClass = css({ fontWeight: 'medium', overflowWrap: 'anywhere' });
const whenClass = css({ color: 'fg.muted', fontSize: 'sm' });
const emptyClass = css({ color: 'fg.muted', textAlign: 'center', py: '6' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

export function BlockedUsersDialog({ open, onOpenChange }: Props) {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [unblocking, setUnblocking] = useState<number | null>(null);

  const load = useCallback(() => {
    setList({ status: 'loading' });
    fetchBlockedUsers().then(
      (people) => setList({ status: 'ready', people }),
      (err: unknown) => setList({ status: 'error', message: serverMessageOf(err) ?? BLOCKED_LIST_FAILED }),
    );
  }, []);

  useEffect(() => {
    if (open) load();
  }, [open, load]);

  async function unblock(person: BlockedUser) {
    setUnblocking(person.user_id);
    try {
      await unblockUser(person.username);
      setList((s) => (s.status === 'ready' ? { status: 'ready', people: s.people.filter((p) => p.user_id !== person.user_id) } : s));
      toast.success(`${person.username} is unblocked`);
    } catch (err) {
      toast.error(serverMessageOf(err) ?? UNBLOCK_FAILED);
    } finally {
      setUnblocking(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Blocked users" size="sm">
      <p className={introClass}>Blocked people can't find you, see your posts or contact you.</p>
      {list.status === 'loading' ? (
        <div className={centerClass}>
          <Spinner label="Loading blocked users" />
        </div>
      ) : list.status === 'error' ? (
        <div className={errorClass}>
          <Alert>{list.message}</Alert>
          <Button variant="outline" size="sm" onClick={load}>
            Try again
          </Button>
        </div>
      ) : list.people.length === 0 ? (
        <p className={emptyClass}>You haven't blocked anyone</p>
      ) : (
        <ul className={listClass} aria-label="Blocked users">
          {list.people.map((person) => (
            <li key={person.user_id} className={rowClass}>
              <Avatar src={null} size="md" />
              <span className={whoClass}>
                <span className={nameClass}>{person.username}</span>
                <span className={whenClass}>
                  Blocked <Time iso={person.blocked_at} format="date" />
                </span>
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void unblock(person)}
                disabled={unblocking !== null}
                aria-busy={unblocking === person.user_id}
                aria-label={`Unblock ${person.username}`}
              >
                {unblocking === person.user_id ? 'Unblocking...' : 'Unblock'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
