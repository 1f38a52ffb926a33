/**
 * The Cancel and Save buttons of an edit dialog (spec §2 "Edit Bio" and "Edit Platforms"): Save submits the form
 * named by `formId` and reads 'Saving...' while busy; both are disabled while saving.
 */
import { Button } from './Button.tsx';

export function FormDialogFooter({ formId, saving, onCancel }: { formId: string; saving: boolean; onCancel: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={saving} aria-busy={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </>
  );
}
