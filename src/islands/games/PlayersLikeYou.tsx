/**
 * NOTE: 'Players like you' (the signed-in home page and /search): people who are not yet your friends, ranked by
 * the server (games shared, then genres, then mutual friends), each saying what you share and offering
 * 'Add friend' (POST /friends/request; the button then reads 'Request sent', or 'Friends' when it accepted
 * their request). With nobody to suggest it says why: no games added yet (with a link to add them), or nobody
 * sharing them yet.
 */
import { useEffect, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { api, serverMessageOf } from '../../client/api.ts';
import { pictureUrl } from '../../client/pictures.ts';
import type { FriendRequestResponse } from '../../shared/api-types.ts';
import type { SuggestedPerson } from '../../shared/game-types.ts';
import { fetchSuggestedPeople } from '../../stores/games/games-api.ts';
import { sharedText } from '../../stores/games/shared-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0', textAlign: 'left' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const listClass = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column' });
// Phones: the button goes under the name, so the name and what you share keep the width.
const rowClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
  alignItems: 'center',
  columnGap: '3',
  rowGap: '2',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
  '& > button': { gridColumn: { base: '2', sm: 'auto' }, justifySelf: 'start' },
});
const whoClass = css({ display: 'flex', flexDirection: 'column', minW: '0', flex: '1' });
const nameClass = css({
  fontWeight: 'semibold',
  color: 'inherit',
  overflowWrap: 'anywhere',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const sharedClass = css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted' });
const linkClass = css({ color: 'primary.text', fontWeight: 'medium' });

type Sent = Record<number, 'sending' | 'pending' | 'accepted' | undefined>;

export default function PlayersLikeYou() {
  const [people, setPeople] = useState<SuggestedPerson[] | null>(null);
  const [hasGames, setHasGames] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent>({});
  const [problem, setProblem] = useState<string | null>(null);

  function load() {
    setError(null);
    setPeople(null);
    fetchSuggestedPeople().then(
      (res) => {
        setPeople(res.people);
        setHasGames(res.has_games);
      },
      (err: unknown) => setError(serverMessageOf(err) ?? 'Failed to load suggestions'),
    );
  }
  useEffect(load, []);

  async function addFriend(person: SuggestedPerson) {
    setProblem(null);
    setSent((s) => ({ ...s, [person.user_id]: 'sending' }));
    try {
      const res = await api.post<FriendRequestResponse>('/friends/request', { username: person.username });
      setSent((s) => ({ ...s, [person.user_id]: res.status }));
    } catch (err) {
      setSent((s) => ({ ...s, [person.user_id]: undefined }));
      setProblem(serverMessageOf(err) ?? 'Failed to send friend request');
    }
  }

  return (
    <section className={sectionClass} aria-labelledby="players-like-you-heading">
      <h2 id="players-like-you-heading" className={headingClass}>
        Players like you
      </h2>
      {people === null && !error && <Spinner size="sm" label="Loading suggestions" />}
      {error && (
        <>
          <Alert>{error}</Alert>
          <Button variant="outline" size="sm" onClick={load}>
            Try again
          </Button>
        </>
      )}
      {problem && <Alert>{problem}</Alert>}
      {people?.length === 0 && hasGames && (
        <p className={mutedClass}>Nobody else plays your games yet. Look for players on your games' pages or in Search.</p>
      )}
      {people?.length === 0 && !hasGames && (
        <p className={mutedClass}>
          No suggestions yet.{' '}
          <a className={linkClass} href="/profile">
            Add the games you play
          </a>{' '}
          to find people who share them.
        </p>
      )}
      {people && people.length > 0 && (
        <ul className={listClass} aria-label="Players like you">
          {people.map((p) => {
            const state = sent[p.user_id];
            return (
              <li key={p.user_id} className={rowClass}>
                <Avatar src={p.has_picture ? pictureUrl(p.username) : null} />
                <div className={whoClass}>
                  <a className={nameClass} href={`/profile/${encodeURIComponent(p.username)}`}>
                    {p.username}
                  </a>
                  <span className={sharedClass}>{sharedText(p)}</span>
                </div>
                <Button
                  size="sm"
                  variant={state ? 'outline' : 'solid'}
                  disabled={state !== undefined}
                  aria-busy={state === 'sending' || undefined}
                  aria-label={state ? undefined : `Add ${p.username} as a friend`}
                  onClick={() => void addFriend(p)}
                >
                  {state === undefined && <Icon name="userPlus" />}
                  {state === undefined
                    ? 'Add friend'
                    : state === 'accepted'
                      ? 'Friends'
                      : state === 'sending'
                        ? 'Sending...'
                        : 'Request sent'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
