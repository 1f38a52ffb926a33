/**
 * The parts of the Create New Chat dialog (spec §2 "Chats list"): the Group Chat / 1-on-1 Chat radio choice,
 * the friends checkbox list (scrolling at CHAT_LIST_SCROLL_MAX_PX, spec §9) and what shows with no friends.
 * Native radios and checkboxes: keyboard, screen readers and phones handle them without help.
 */
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import type { Friend } from '../../shared/api-types.ts';
import { CHAT_LIST_SCROLL_MAX_PX } from '../../shared/constants.ts';

export type ChatKind = 'group' | 'direct';

const KINDS: Array<{ value: ChatKind; label: string }> = [
  { value: 'group', label: 'Group Chat' },
  { value: 'direct', label: '1-on-1 Chat' },
];

const fieldsetClass = css({ border: 'none', m: '0', p: '0', minW: '0' });
const legendClass = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted', mb: '1.5' });
const srOnly = css({ srOnly: true });
const kindsClass = css({ display: 'flex', flexWrap: 'wrap', gap: { base: '4', sm: '6' } });
const optionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minH: '10',
  cursor: 'pointer',
  '& input': { width: '4.5', height: '4.5', accentColor: 'primary.solid', cursor: 'inherit', flexShrink: 0 },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px', borderRadius: 'sm' },
});
const scrollClass = css({
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  px: '3',
  py: '1',
});
const friendClass = css({ overflowWrap: 'anywhere' });
const emptyClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

type KindChoiceProps = { value: ChatKind; onChange: (kind: ChatKind) => void; disabled: boolean };

export function KindChoice({ value, onChange, disabled }: KindChoiceProps) {
  return (
    <fieldset className={fieldsetClass} disabled={disabled}>
      <legend className={srOnly}>Chat type</legend>
      <div className={kindsClass}>
        {KINDS.map((kind) => (
          <label key={kind.value} className={optionClass}>
            <input type="radio" name="chat-kind" value={kind.value} checked={value === kind.value} onChange={() => onChange(kind.value)} />
            {kind.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type FriendPickerProps = { friends: Friend[]; picked: number[]; onChange: (ids: number[]) => void; disabled: boolean };

export function FriendPicker({ friends, picked, onChange, disabled }: FriendPickerProps) {
  const toggle = (id: number, on: boolean) => onChange(on ? [...picked, id] : picked.filter((p) => p !== id));
  return (
    <fieldset className={fieldsetClass} disabled={disabled}>
      <legend className={legendClass}>Friends</legend>
      <div className={scrollClass} style={{ maxHeight: CHAT_LIST_SCROLL_MAX_PX }}>
        {friends.map((friend) => (
          <label key={friend.friend_id} className={optionClass}>
            <input
              type="checkbox"
              checked={picked.includes(friend.friend_id)}
              onChange={(e) => toggle(friend.friend_id, e.target.checked)}
            />
            <span className={friendClass}>{friend.username}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function NoFriends() {
  return (
    <div className={emptyClass}>
      <p>Add friends to start a chat.</p>
      <a href="/search" className={button({ variant: 'outline' })}>
        Find people
      </a>
    </div>
  );
}
