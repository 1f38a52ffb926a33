/**
 * NOTE: a community's badge: its icon when it has one (`icon`: its URL, communityImageUrl), else its initials on a
 * tint picked from its name, the same for a name everywhere. Decorative (the name is always written beside it).
 */
import { css, cx } from '../../../styled-system/css';

const TINTS = [
  css({ bg: 'primary.subtle', color: 'primary.text' }),
  css({ bg: 'bg.subtle', color: 'fg.default' }),
  css({ bg: 'secondary.subtle', color: 'secondary.text' }),
];
const badgeClass = css({ flexShrink: 0, display: 'grid', placeItems: 'center', borderRadius: 'lg', fontWeight: 'bold' });
const SIZES = { sm: css({ w: '10', h: '10', fontSize: 'sm' }), lg: css({ w: '16', h: '16', fontSize: 'xl' }) };

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('');

const imageClass = css({ objectFit: 'cover', bg: 'bg.subtle' });

export function CommunityBadge({ name, size = 'sm', icon = null }: { name: string; size?: 'sm' | 'lg'; icon?: string | null }) {
  if (icon) return <img className={cx(badgeClass, SIZES[size], imageClass)} src={icon} alt="" loading="lazy" decoding="async" />;
  const tint = TINTS[[...name].reduce((sum, ch) => sum + ch.codePointAt(0)!, 0) % TINTS.length]!;
  return (
    <span className={cx(badgeClass, SIZES[size], tint)} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
