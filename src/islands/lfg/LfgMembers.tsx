/**
 * NOTE: a post's party (host first) with each member's handle for the post's platform, as they share it with the
 * viewer, and, for the host, the waiting requests with Accept and Decline (each answer reloads the post).
 */
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { serverMessageOf } from '../../client/api.ts';
import { pictureUrl } from '../../client/pictures.ts';
import type { LfgDetail } from '../../shared/lfg-types.ts';
import { answerRequest } from '../../stores/lfg/lfg-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { chipClass } from '../../ui/chip-styles.ts';
import { cardListClass, rowBodyClass, rowMetaClass } from '../../ui/list-styles.ts';
import { Time } from '../../ui/Time.tsx';
import { platformText } from './lfg-text.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const rowClass = css({ display: 'flex', alignItems: 'center', gap: '3', px: { base: '5', sm: '6' }, py: '3', flexWrap: 'wrap' });
const nameClass = css({ fontWeight: 'semibold', color: 'inherit', overflowWrap: 'anywhere' });
const handleClass = css({ fontFamily: 'mono', color: 'fg.default' });
const messageClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'fg.default', fontSize: 'sm' });
const actionsClass = css({ display: 'flex', gap: '2', ml: 'auto' });
const mutedClass = css({ color: 'fg.muted' });

const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

export function LfgMembers({ post }: { post: LfgDetail }) {
  return (
    <section className={sectionClass} aria-labelledby="lfg-members">
      <h2 id="lfg-members" className={headingClass}>
        Players ({post.taken + 1} of {post.slots + 1})
      </h2>
      <ul className={cardListClass} aria-label="Players">
        {post.members.map((m) => (
          <li key={m.user_id} className={rowClass}>
            <Avatar src={m.has_picture ? pictureUrl(m.username) : null} size="sm" />
            <span className={rowBodyClass}>
              <a className={nameClass} href={profileHref(m.username)}>
                {m.username}
              </a>
              <span className={rowMetaClass}>
                {m.user_id === post.host.user_id && <span className={chipClass}>Host</span>}
                {m.handle ? (
                  <span>
                    {platformText(post)}: <span className={handleClass}>{m.handle}</span>
                  </span>
                ) : (
                  post.platform !== 'mobile' && <span>No {platformText(post)} name shared</span>
                )}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LfgRequests({ post, onAnswered }: { post: LfgDetail; onAnswered: () => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requests = post.requests ?? [];

  async function answer(userId: number, accept: boolean) {
    setBusy(userId);
    setError(null);
    try {
      await answerRequest(post.id, userId, accept);
      onAnswered();
    } catch (err) {
      setError(serverMessageOf(err) ?? 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={sectionClass} aria-labelledby="lfg-requests">
      <h2 id="lfg-requests" className={headingClass}>
        Requests
      </h2>
      {error && <Alert>{error}</Alert>}
      {requests.length > 0 && post.left === 0 && (
        <p className={mutedClass}>The group is full: a player must leave before you accept another.</p>
      )}
      {requests.length === 0 ? (
        <p className={mutedClass}>No requests waiting. People who ask to join show here.</p>
      ) : (
        <ul className={cardListClass} aria-label="Requests">
          {requests.map((r) => (
            <li key={r.user_id} className={rowClass}>
              <Avatar src={r.has_picture ? pictureUrl(r.username) : null} size="sm" />
              <span className={rowBodyClass}>
                <a className={nameClass} href={profileHref(r.username)}>
                  {r.username}
                </a>
                {r.message && <span className={messageClass}>{r.message}</span>}
                <span className={rowMetaClass}>
                  <Time iso={r.created_at} format="ago" />
                </span>
              </span>
              <span className={actionsClass}>
                <Button
                  size="sm"
                  disabled={busy !== null || post.left === 0}
                  aria-label={`Accept ${r.username}`}
                  onClick={() => void answer(r.user_id, true)}
                >
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  aria-label={`Decline ${r.username}`}
                  onClick={() => void answer(r.user_id, false)}
                >
                  Decline
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
