/**
 * NOTE: a text box with a list of suggestions under it (Ark UI Combobox with the `field` recipe). Rules for callers:
 * - The caller owns the suggestions: `items` is the list to show for the typed `inputValue` (no filtering here),
 *   each with a unique `value`, the `label` shown and read out, and an optional muted `tag` after it.
 * - `onSelect(item)` receives the chosen item; nothing stays selected, and the text stays as typed until the caller
 *   changes `inputValue` (e.g. empties it once the pick is done).
 * - `children` go under the items inside the list: loading, empty and error notes (not options).
 * - The list floats in a Portal, so a scrolling dialog body never clips it. Enter picks the highlighted item and
 *   never submits the form around it; Escape closes the list, not the dialog around it.
 * - Until the box is first focused it is a plain text box; focusing it loads Ark's combobox (ComboboxView.tsx),
 *   which takes its place with the same text and focus, so no page ships that code upfront.
 */
import { useId, useState, type ComponentType } from 'react';
import { css, cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';
import type { ComboboxItem, ComboboxProps } from './combobox-types.ts';
import { onDemand, useOnDemand } from './on-demand.ts';

export type { ComboboxItem, ComboboxProps } from './combobox-types.ts';

export const comboboxNoteClass = css({ px: '3', py: '2', color: 'fg.muted', fontSize: 'sm' });

type View = ComponentType<ComboboxProps<ComboboxItem>>;
const view = onDemand(() => import('./ComboboxView.tsx').then((m) => m.default as View));

export function Combobox<T extends ComboboxItem>(props: ComboboxProps<T>) {
  // Not lazy() + Suspense: a fallback would remount the plain box and drop its focus mid-typing. The plain box
  // stays until the view is loaded, and the view takes over the text (owned by the caller) and the focus.
  const [wanted, setWanted] = useState(false);
  const View = useOnDemand(view, wanted, () => setWanted(false));
  const id = useId();
  const classes = field();
  const plain = (
    <div className={cx(classes.root, props.className)}>
      <label htmlFor={id} className={classes.label}>
        {props.label}
      </label>
      <input
        id={id}
        className={classes.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        autoComplete="off"
        spellCheck={false}
        placeholder={props.placeholder}
        disabled={props.disabled}
        value={props.inputValue}
        onFocus={() => setWanted(true)}
        // What would open Ark's list opens it as soon as the view takes over.
        onClick={() => props.onOpenChange(true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') props.onOpenChange(true);
          if (e.key === 'Enter') e.preventDefault();
        }}
        onChange={(e) => {
          props.onInputValueChange(e.target.value);
          props.onOpenChange(true);
        }}
      />
    </div>
  );
  if (!View) return plain;
  // The view hands back the very items it was given, so its looser item type is safe.
  return <View {...(props as unknown as ComboboxProps<ComboboxItem>)} />;
}
