/**
 * NOTE: the one Report dialog (ADR 025), opened from a post's menu, a comment, a chat message or a profile's menu.
 * Rules for callers:
 * - Pass `subject` to open it (null keeps it closed) and clear it in `onClose`. Never offer it for the viewer's own
 *   things (the server refuses them with 400 anyway).
 * - `subject.name` says what is reported in words: the username for a person, else 'post by alice', 'comment by
 *   alice', 'message from alice'.
 * The reason is a radio group of REPORT_REASONS with optional details, checked with the shared reportSchema before
 * sending. Success closes it with a toast; a refusal (already reported, gone) stays in the dialog.
 */
import { RadioGroup } from '@ark-ui/react/radio-group';
import { useState } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import { firstIssue } from '../../shared/schemas/auth.ts';
import { reportSchema } from '../../shared/schemas/moderation.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTarget } from '../../shared/moderation-values.ts';
import { REPORT_FAILED, REPORT_THANKS, sendReport } from '../../stores/moderation/reports.ts';
import { toast } from '../../stores/toasts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';

export type ReportSubject = { type: ReportTarget; id: number; name: string };

const FORM_ID = 'report-form';
const REASONS = Object.entries(REPORT_REASONS) as Array<[ReportReason, string]>;

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const introClass = css({ color: 'fg.muted', fontSize: 'sm' });
const groupClass = css({ display: 'flex', flexDirection: 'column', gap: '1', border: 'none', p: '0', m: '0' });
const legendClass = css({ fontWeight: 'semibold', mb: '1' });
const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&[data-disabled]': { cursor: 'default', opacity: 0.6 },
});
const controlClass = css({
  flexShrink: 0,
  w: '5',
  h: '5',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.field',
  '&[data-state=checked]': { borderColor: 'primary.solid', boxShadow: 'inset 0 0 0 3px var(--colors-bg-surface)', bg: 'primary.solid' },
  '&[data-focus-visible]': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

const NOUNS: Record<ReportTarget, string> = { user: 'account', media: 'post', comment: 'comment', message: 'message' };
const titleOf = (subject: ReportSubject) => `Report ${subject.type === 'user' ? subject.name : NOUNS[subject.type]}`;

export function ReportDialog({ subject, onClose }: { subject: ReportSubject | null; onClose: () => void }) {
  const open = subject !== null;
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const onOpenChange = (isOpen: boolean) => !isOpen && onClose();
  const { error, setError, busy, onSubmit } = useFormDialog({
    open,
    onOpenChange,
    failure: REPORT_FAILED,
    reset: () => {
      setReason(null);
      setDetails('');
    },
    save: async () => {
      if (!subject) return null;
      const checked = v.safeParse(reportSchema, { target_type: subject.type, target_id: subject.id, reason: reason ?? undefined, details });
      if (!checked.success) return firstIssue(checked.issues);
      await sendReport(checked.output);
      toast.success(REPORT_THANKS);
      return null;
    },
  });
  const tooLong = details.trim().length > REPORT_DETAILS_MAX;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={subject ? titleOf(subject) : ''}
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} palette="secondary" disabled={busy} aria-busy={busy}>
            {busy ? 'Sending...' : 'Send report'}
          </Button>
        </>
      }
    >
      {subject && (
        <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
          <p className={introClass}>
            Tell the moderators what is wrong with this {subject.type === 'user' ? 'account' : subject.name}. Only they see who reported it.
          </p>
          <RadioGroup.Root
            className={groupClass}
            value={reason}
            onValueChange={(d) => {
              setReason(d.value as ReportReason | null);
              setError(null);
            }}
            disabled={busy}
            name="reason"
          >
            <RadioGroup.Label className={legendClass}>Reason</RadioGroup.Label>
            {REASONS.map(([value, label]) => (
              <RadioGroup.Item key={value} value={value} className={itemClass}>
                <RadioGroup.ItemControl className={controlClass} />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
                <RadioGroup.ItemHiddenInput />
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          <TextArea
            label="Details (optional)"
            name="details"
            placeholder="Anything the moderators should know"
            rows={3}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            disabled={busy}
            invalid={tooLong}
            helper={`${details.trim().length}/${REPORT_DETAILS_MAX}`}
          />
          {error && <Alert>{error}</Alert>}
        </form>
      )}
    </Dialog>
  );
}
