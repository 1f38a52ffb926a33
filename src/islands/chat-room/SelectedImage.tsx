/** The image picked for the next message (spec §2: 'Selected image' with a Remove control), above the input. */
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button.tsx';

const figureClass = css({ display: 'flex', alignItems: 'center', gap: '3', m: '0', p: '2', borderRadius: 'md', bg: 'bg.subtle' });
const previewClass = css({ display: 'block', maxW: '24', maxH: '24', borderRadius: 'sm', objectFit: 'cover' });
const captionClass = css({ flex: '1', minW: '0', fontSize: 'sm', color: 'fg.muted', truncate: true });

export function SelectedImage({ url, name, onRemove }: { url: string; name: string; onRemove: () => void }) {
  return (
    <figure className={figureClass}>
      <img src={url} alt="Selected image" className={previewClass} />
      <figcaption className={captionClass}>
        Selected image <span aria-hidden="true">·</span> {name}
      </figcaption>
      <Button size="sm" variant="outline" onClick={onRemove}>
        Remove
      </Button>
    </figure>
  );
}
