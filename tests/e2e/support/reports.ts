/** NOTE: reporting as a person does it, through the Report dialog (shared by the report and moderation journeys). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Picks a reason (and details) in the open Report dialog and sends it. */
export async function sendReport(page: Page, title: string, reason: string, details = '') {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The native radio is visually hidden behind Ark's styled control: click its label, as a person would.
  await dialog.getByText(reason, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: reason })).toBeChecked();
  if (details) await dialog.getByRole('textbox', { name: 'Details (optional)' }).fill(details);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  return dialog;
}
