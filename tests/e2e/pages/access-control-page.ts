import type { Locator, Page } from '@playwright/test';
import { SetupScreenPage } from './setup-screen-page';

/** /setup/access-control: All Roles (form in a modal) and the Role Access grid. */
export class AccessControlPage extends SetupScreenPage {
  readonly saveAccess: Locator;

  constructor(page: Page) {
    super(page, { title: 'Roles', noun: 'role' });
    this.saveAccess = page.getByRole('button', { name: 'Save access' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/setup/access-control');
  }

  async chooseRole(name: string): Promise<void> {
    await this.choose('Role', name, this.page.getByRole('tabpanel'));
  }

  permission(kind: 'Read' | 'Write' | 'Delete', area: 'Members' | 'Loans' | 'Savings' | 'Setup'): Locator {
    return this.page.getByRole('checkbox', { name: `${kind} ${area}` });
  }
}
