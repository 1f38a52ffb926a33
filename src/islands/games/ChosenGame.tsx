/**
 * A game picker's answer once a game is chosen: the field's label over the game's name in a chip with a remove
 * button (the search filter and the upload dialog). Removing it brings the picker back.
 */
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { Icon } from '../../ui/Icon.tsx';

const chosenClass = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const labelClass = css({ fontSize: 'sm', fontWeight: 'medium' });
const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  alignSelf: 'flex-start',
  gap: '1',
  pl: '3',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.text',
  fontWeight: 'semibold',
  maxW: 'full',
  overflowWrap: 'anywhere',
});

type Props = { label: string; name: string; removeLabel: string; onRemove: () => void };

export function ChosenGame({ label, name, removeLabel, onRemove }: Props) {
  return (
    <div className={chosenClass}>
      <span className={labelClass}>{label}</span>
      <span className={chipClass}>
        {name}
        <button type="button" className={iconButton()} aria-label={removeLabel} onClick={onRemove}>
          <Icon name="close" />
        </button>
      </span>
    </div>
  );
}
