/**
 * NOTE: a three-dot menu placed at the end of whatever it sits in: a post's options, a profile's 'More options',
 * a 1-on-1's 'Chat menu'. `label` names the trigger for screen readers; `onSelect` gets the chosen item's
 * `value`. Items marked `danger` read in the danger colour (they should ask before acting).
 * Until the first click the trigger is a plain button; the click loads the menu (MoreMenuView.tsx, Ark UI's
 * Menu), which replaces it with its own identical trigger and opens, so no page ships Ark's menu code upfront.
 */
import { useState } from 'react';
import { cx } from '../../styled-system/css';
import { iconButton } from '../../styled-system/recipes';
import { Icon } from './Icon.tsx';
import type { MoreMenuProps } from './more-menu-types.ts';
import { onDemand, useOnDemand } from './on-demand.ts';

export type { MoreMenuItem, MoreMenuProps } from './more-menu-types.ts';

const view = onDemand(() => import('./MoreMenuView.tsx').then((m) => m.default));

export function MoreMenu(props: MoreMenuProps) {
  const [wanted, setWanted] = useState(false);
  const MoreMenuView = useOnDemand(view, wanted, () => setWanted(false));
  const plain = (
    <button
      type="button"
      className={cx(iconButton(), props.className)}
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
    >
      <Icon name="more" />
    </button>
  );
  return MoreMenuView ? <MoreMenuView {...props} /> : plain;
}
