/**
 * A dialog that picks one person from a radio list (spec §9: the list scrolls at 200 px) and confirms an action
 * on them. `people` null means still loading; `problem` is a load error; `note` explains a limit (shown above the
 * list); `onConfirm` resolves null on success (the dialog closes) or the text to show.
 */
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { ChatPerson } from '../../shared/chat-types.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

const legendClass = css({ fontWeight: 'semibold', mb: '2' });
const listClass = css({ maxH: '200px', overflowY: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', py: '1' });
const optionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '& input': { width: '4', height: '4', accentColor: 'primary.solid' },
});
const noteClass = css({ color: 'fg.muted', mb: '3' });
const bodyClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  legend: string;
  people: ChatPerson[] | null;
  problem?: string | null;
  note?: string | null;
  emptyText: string;
  actionLabel: string;
  busyLabel: string;
  actionDisabled?: boolean;
  onConfirm: (person: ChatPerson) => Promise<string | null>;
};

export function PersonPickerDialog(props: Props) {
  const { open, onOpenChange, title, legend, people, problem, note, emptyText, actionLabel, busyLabel, actionDisabled, onConfirm } = props;
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const person = people?.find((p) => p.id === chosen) ?? null;

  useEffect(() => {
    if (!open) return;
    setChosen(null);
    setError(null);
  }, [open]);

  async function confirm() {
    if (!person) return;
    setBusy(true);
    setError(null);
    const outcome = await onConfirm(person);
    setBusy(false);
    if (outcome) setError(outcome);
    else onOpenChange(false);
  }

  const footer = (
    <>
      <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={() => void confirm()} disabled={busy || !person || actionDisabled}>
        {busy ? busyLabel : actionLabel}
      </Button>
    </>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="sm" busy={busy} footer={footer}>
      <div className={bodyClass}>
        {note && <p className={noteClass}>{note}</p>}
        {(error ?? problem) && <Alert>{error ?? problem}</Alert>}
        {people === null && !problem && <Spinner size="sm" label="Loading people" />}
        {people?.length === 0 && <p className={noteClass}>{emptyText}</p>}
        {people && people.length > 0 && (
          <fieldset disabled={busy || actionDisabled}>
            <legend className={legendClass}>{legend}</legend>
            <div className={listClass}>
              {people.map((p) => (
                <label key={p.id} className={optionClass}>
                  <input type="radio" name="person" value={p.id} checked={chosen === p.id} onChange={() => setChosen(p.id)} />
                  {p.username}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
