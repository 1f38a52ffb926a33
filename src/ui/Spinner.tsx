import { spinner, type SpinnerVariantProps } from '../../styled-system/recipes';

/** Indeterminate progress. It is a `progressbar` named by `label`; inside a named busy region pass `decorative`. */
export function Spinner({ label = 'Loading', size, decorative = false }: SpinnerVariantProps & { label?: string; decorative?: boolean }) {
  if (decorative) return <span className={spinner({ size })} aria-hidden="true" />;
  return <span className={spinner({ size })} role="progressbar" aria-label={label} />;
}
