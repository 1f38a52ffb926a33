/**
 * NOTE: the React button (Ark UI `ark.button` + the `button` recipe). Defaults to type="button"; pass
 * type="submit" in forms. For links that look like buttons in .astro files use the recipe on an <a>.
 */
import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { cx } from '../../styled-system/css';
import { button, type ButtonVariantProps } from '../../styled-system/recipes';

export type ButtonProps = HTMLArkProps<'button'> & ButtonVariantProps;

export function Button({ variant, palette, size, fullWidth, className, type = 'button', ...rest }: ButtonProps) {
  return <ark.button type={type} className={cx(button({ variant, palette, size, fullWidth }), className)} {...rest} />;
}
