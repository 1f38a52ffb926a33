/** A post's or comment's author: picture (or the placeholder icon) and username, linking to their profile. */
import { css, cx } from '../../../styled-system/css';
import { pictureUrl } from '../../client/pictures.ts';
import type { MediaAuthor } from '../../shared/api-types.ts';
import { Avatar } from '../../ui/Avatar.tsx';

const linkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2.5',
  minW: '0',
  color: 'fg.default',
  fontWeight: 'semibold',
  textDecoration: 'none',
  borderRadius: 'md',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
const nameClass = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const profileHref = (username: string) => `/profile/${encodeURIComponent(username)}`;

type Props = { author: MediaAuthor; size?: 'sm' | 'md'; className?: string };

export function AuthorLink({ author, size = 'md', className }: Props) {
  return (
    <a className={cx(linkClass, className)} href={profileHref(author.username)}>
      <Avatar src={author.has_picture ? pictureUrl(author.username) : null} size={size} />
      <span className={nameClass}>{author.username}</span>
    </a>
  );
}
