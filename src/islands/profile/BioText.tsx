/** A bio with its web links clickable (src/client/bio-links.ts); they open in a new tab, told they are user content. */
import { css } from '../../../styled-system/css';
import { bioParts } from '../../client/bio-links.ts';

const linkClass = css({ color: 'primary.text', textDecoration: 'underline', overflowWrap: 'anywhere' });

export function BioText({ bio, className }: { bio: string; className?: string }) {
  return (
    <p className={className}>
      {bioParts(bio).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} className={linkClass} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ),
      )}
    </p>
  );
}
