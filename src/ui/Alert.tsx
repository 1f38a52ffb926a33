import type { ReactNode } from 'react';
import { alert } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';

/** The red alert of spec §8. `role="alert"` makes screen readers announce it as soon as it appears. */
export function Alert({ children }: { children: ReactNode }) {
  const classes = alert({ status: 'error' });
  return (
    <div role="alert" className={classes.root}>
      <Icon name="alert" className={classes.icon} />
      <div className={classes.content}>{children}</div>
    </div>
  );
}
