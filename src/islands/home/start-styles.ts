/**
 * NOTE: the home page's first steps (src/components/StartSteps.astro) and the one step that is a button
 * (UploadStepButton.tsx) share these, so a link and a button read alike.
 */
import { css } from '../../../styled-system/css';

export const stepActionClass = css({
  fontSize: 'md',
  fontWeight: 'semibold',
  color: 'primary.text',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
