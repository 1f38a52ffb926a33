/**
 * NOTE: the React button (a plain <button> with the `button` recipe). Defaults to type="button"; pass
 * type="submit" in forms. For links that look like buttons in .astro files use the recipe on an <a>.
 * Not Ark UI's `ark.button`: nothing here uses its `asChild`, and its factory cost 1.5 kB on every page.
 */
import type { ComponentProps } from 'react';
import { cx } from '../../styled-system/css';
import { button, type ButtonVariantProps } from '../../styled-system/recipes';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ variant, palette, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={cx(button({ variant, palette, size, fullWidth }), className)} {...rest} />;
}
