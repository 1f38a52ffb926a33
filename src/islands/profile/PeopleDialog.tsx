/**
 * A Friends / Followers / Following list dialog (spec §2): titled by the list name, the spec's empty text, and
 * each person a link to /profile/{username} with their picture (or the person icon). `people` null = loading.
 */
import { css } from '../../../styled-system/css';
import { pictureUrl } from '../../client/pictures.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

export type Person = { id: number; username: string };

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1', mx: '-2' });
const linkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '2',
  py: '2',
  borderRadius: 'md',
  color: 'fg.default',
  fontWeight: 'medium',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '-3px' },
});
const emptyClass = css({ color: 'fg.muted', textAlign: 'center', py: '6' });
const centerClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const noteClass = css({ color: 'fg.muted', fontSize: 'sm' });

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  emptyText: string;
  people: Person[] | null;
  error?: string | null;
  /** The true total, when the list holds only the newest part of it. */
  total?: number;
};

export function PeopleDialog({ open, onOpenChange, title, emptyText, people, error = null, total }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="sm">
      {error ? (
        <Alert>{error}</Alert>
      ) : people === null ? (
        <div className={centerClass}>
          <Spinner label={`Loading ${title.toLowerCase()}`} />
        </div>
      ) : people.length === 0 ? (
        <p className={emptyClass}>{emptyText}</p>
      ) : (
        <>
          <ul className={listClass} aria-label={title}>
            {people.map((person) => (
              <li key={person.id}>
                <a className={linkClass} href={`/profile/${encodeURIComponent(person.username)}`}>
                  <Avatar src={pictureUrl(person.username)} size="md" />
                  <span>{person.username}</span>
                </a>
              </li>
            ))}
          </ul>
          {total !== undefined && total > people.length && (
            <p className={noteClass}>
              Showing the latest {people.length} of {total}.
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
