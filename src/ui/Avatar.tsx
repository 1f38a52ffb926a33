/**
 * NOTE: a round profile picture that falls back to the default person icon when the picture is missing
 * (404) or fails to load (spec §4: "A 404 on a picture means a default person icon is used"). `src` null
 * shows the icon without a request. The image is decorative by default: name the link or button around it,
 * or pass `alt`.
 */
import { useEffect, useState } from 'react';
import { css, cx } from '../../styled-system/css';
import { Icon } from './Icon.tsx';

const frameClass = css({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  overflow: 'hidden',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  '& svg': { width: '60%', height: '60%' },
});

// Literal sizes (not a shared constant): Panda resolves these classes at build time.
const sizeClass = {
  sm: css({ width: '8', height: '8' }),
  md: css({ width: '10', height: '10' }),
  lg: css({ width: '14', height: '14' }),
  xl: css({ width: '32', height: '32' }),
};

export type AvatarProps = { src: string | null; alt?: string; size?: keyof typeof sizeClass; className?: string };

export function Avatar({ src, alt = '', size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <span className={cx(frameClass, sizeClass[size], className)} data-avatar={src && !failed ? 'picture' : 'placeholder'}>
      {src && !failed ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} />
      ) : (
        <Icon name="profile" />
      )}
    </span>
  );
}
