import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Picks an option of the Cloudscape select labelled `label` in `scope`, and waits until the select
 * shows it. A click that lands while the dropdown is still opening can leave the select as it was
 * (the form then says the field is missing, far from the cause), so the pick is made again until
 * the select shows the option.
 */
export async function chooseOption(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  const trigger = scope.getByRole('button', { name: new RegExp(`^${label}\\b`) }).first();
  await expect(async () => {
    await trigger.click();
    await scope.page().getByRole('option', { name: option }).first().click({ timeout: 5_000 });
    await expect(trigger).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
