/**
 * NOTE: the combobox itself (Ark UI Combobox), loaded by Combobox.tsx when its box is first focused and mounted
 * in its place. Use Combobox, not this module, so Ark's combobox code stays out of the page's initial JS.
 */
import { Combobox as Ark, createListCollection } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import { useMemo } from 'react';
import { css, cx } from '../../styled-system/css';
import type { ComboboxItem, ComboboxProps } from './combobox-types.ts';
import { field } from '../../styled-system/recipes';

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

export default function ComboboxView<T extends ComboboxItem>(props: ComboboxProps<T>) {
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
      autoFocus
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
