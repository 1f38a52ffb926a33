/**
 * The framed area where a picked file is previewed (the upload dialog, the profile picture crop), and what it
 * shows before a file is chosen: an icon over a short hint, centred.
 */
import { css } from '../../styled-system/css';

export const fileStageClass = css({ display: 'grid', placeItems: 'center', bg: 'bg.subtle', borderRadius: 'lg', p: '2', minH: '40' });

export const fileStageEmptyClass = css({
  display: 'grid',
  placeItems: 'center',
  gap: '2',
  color: 'fg.muted',
  fontSize: 'sm',
  textAlign: 'center',
  '& svg': { width: '10', height: '10' },
});
