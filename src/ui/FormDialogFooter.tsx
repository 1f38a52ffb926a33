/**
 * The Cancel and Save buttons of a form dialog (spec §2 "Edit Bio" and "Edit Platforms"): Save submits the form
 * named by `formId` and reads `busyLabel` while saving; both are disabled then. `label` and `busyLabel` name
 * other acts ('Create', 'Ban'); `danger` colours an act that removes something.
 */
import { Button } from './Button.tsx';

type Props = { formId: string; saving: boolean; onCancel: () => void; label?: string; busyLabel?: string; danger?: boolean };

export function FormDialogFooter({ formId, saving, onCancel, label = 'Save', busyLabel = 'Saving...', danger = false }: Props) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" form={formId} palette={danger ? 'secondary' : undefined} disabled={saving} aria-busy={saving}>
        {saving ? busyLabel : label}
      </Button>
    </>
  );
}
