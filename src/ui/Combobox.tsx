/**
 * NOTE: a text box with a list of suggestions under it (Ark UI Combobox with the `field` recipe). Rules for callers:
 * - The caller owns the suggestions: `items` is the list to show for the typed `inputValue` (no filtering here),
 *   each with a unique `value`, the `label` shown and read out, and an optional muted `tag` after it.
 * - `onSelect(item)` receives the chosen item; nothing stays selected, and the text stays as typed until the caller
 *   changes `inputValue` (e.g. empties it once the pick is done).
 * - `children` go under the items inside the list: loading, empty and error notes (not options).
 * - The list floats in a Portal, so a scrolling dialog body never clips it. Enter picks the highlighted item and
 *   never submits the form around it; Escape closes the list, not the dialog around it.
 */
import { Combobox as Ark, createListCollection } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import { useMemo, type ReactNode } from 'react';
import { css, cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';

export type ComboboxItem = { value: string; label: string; tag?: string };

const contentClass = css({
  maxH: '15rem',
  overflowY: 'auto',
  py: '1',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
  outline: 'none',
  zIndex: 'popover',
});
const itemClass = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  '&[data-highlighted]': { bg: 'bg.subtle', color: 'fg.default' },
});
const tagClass = css({ color: 'fg.muted', fontSize: 'xs', flexShrink: 0, alignSelf: 'center' });
export const comboboxNoteClass = css({ px: '3', py: '2', color: 'fg.muted', fontSize: 'sm' });

type Props<T extends ComboboxItem> = {
  label: string;
  placeholder?: string;
  disabled?: boolean;
  items: T[];
  inputValue: string;
  onInputValueChange: (text: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: T) => void;
  children?: ReactNode;
  className?: string;
};

export function Combobox<T extends ComboboxItem>(props: Props<T>) {
  const { label, placeholder, disabled, items, inputValue, open, children } = props;
  const classes = field();
  const collection = useMemo(() => createListCollection<T>({ items, itemToValue: (i) => i.value, itemToString: (i) => i.label }), [items]);

  return (
    <Ark.Root
      className={cx(classes.root, props.className)}
      collection={collection}
      value={[]}
      inputValue={inputValue}
      onInputValueChange={(d) => props.onInputValueChange(d.inputValue)}
      open={open && !disabled}
      onOpenChange={(d) => props.onOpenChange(d.open)}
      onValueChange={(d) => d.items[0] && props.onSelect(d.items[0])}
      inputBehavior="autohighlight"
      selectionBehavior="preserve"
      openOnClick
      disabled={disabled}
      placeholder={placeholder}
      positioning={{ placement: 'bottom-start', sameWidth: true, fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <Ark.Label className={classes.label}>{label}</Ark.Label>
      {/* Enter never submits the form around the box, even with nothing highlighted. Cancelled here, as it bubbles
          up from the input: Ark ignores a key event whose default is already prevented, and a handler on the input
          itself would run before Ark's. */}
      <Ark.Control onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
        <Ark.Input className={classes.input} />
      </Ark.Control>
      <Portal>
        <Ark.Positioner>
          <Ark.Content className={contentClass}>
            {collection.items.map((item) => (
              <Ark.Item key={item.value} item={item} className={itemClass}>
                <Ark.ItemText>{item.label}</Ark.ItemText>
                {item.tag && <span className={tagClass}>{item.tag}</span>}
              </Ark.Item>
            ))}
            {children}
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}
