/**
 * NOTE: the game pickers are plain text boxes until first focused; then Ark's combobox takes their place and the
 * focus. Text typed by Playwright in one step (`fill`) could land in the box being replaced, so journeys focus a
 * picker and wait for the swap before typing into it the first time. (A person's keys reach whichever box has the
 * focus, and the text they typed moves over with the swap.)
 */
import { expect, type Locator } from '@playwright/test';

export async function focusPicker(box: Locator): Promise<void> {
  await box.focus();
  await expect(box).toHaveAttribute('data-part', 'input');
}
