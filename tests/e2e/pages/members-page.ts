import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/** The member wizard (admin's Member Form tab or the public membership form) and the member lists. */
export class MembersPage {
  readonly page: Page;
  readonly form: Locator;

  constructor(page: Page, formName = 'Member form') {
    this.page = page;
    this.form = page.getByRole('form', { name: formName });
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }

  async choose(label: string, option: string | RegExp): Promise<void> {
    await chooseOption(this.form, label, option);
  }

  async next(): Promise<void> {
    await this.form.getByRole('button', { name: 'Next', exact: true }).click();
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Submit', exact: true }).click();
  }

  stepHeading(title: string): Locator {
    return this.form.getByRole('heading', { name: title, exact: true }).first();
  }

  /** Fills the five steps for a person; `staffId` only on the admin's form. */
  async completeWizard(
    person: { firstname: string; lastname: string; email: string; staffId?: string },
    submit = true,
    /** Press Next on the empty Next of Kin step first: its messages show, and one press moves on once filled. */
    refuseNextOfKin = false,
  ): Promise<void> {
    if (person.staffId) await this.fill({ 'Staff ID': person.staffId });
    await this.fill({
      'First name': person.firstname,
      'Last name': person.lastname,
      Email: person.email,
      Phone: '08031234567',
      'Current address': '12 Marina Road, Lagos',
      'Monthly savings amount': '5000',
    });
    await this.choose('Gender', 'Female');
    await this.next();
    await this.stepHeading('Work').waitFor();
    await this.choose('Level', 'Level 3');
    await this.choose('Department', /.+/);
    await this.field('Date joined').fill('2024/01/15');
    await this.next();
    await this.stepHeading('Bank').waitFor();
    await this.choose('Bank', /.+/);
    await this.fill({
      Branch: 'Ikeja',
      'Account number': '0123456789',
      'Account name': `${person.firstname} ${person.lastname}`,
    });
    await this.choose('Account type', 'Savings');
    await this.next();
    await this.stepHeading('Next of Kin').waitFor();
    if (refuseNextOfKin) {
      await this.next();
      await this.form.getByText('This field is required').first().waitFor();
    }
    await this.fill({
      'Next of kin name': 'Ade Kin',
      'Next of kin address': '1 Kin Street',
      'Next of kin phone': '08030000001',
      'Next of kin email': 'kin@example.com',
    });
    await this.next();
    await this.stepHeading('Emergency').waitFor();
    await this.fill({
      'Contact name': 'Bola Contact',
      'Contact address': '2 Contact Street',
      'Contact phone': '08030000002',
      'Contact email': 'contact@example.com',
    });
    if (submit) await this.submit();
  }

  table(name: string): Locator {
    return this.page.getByRole('table', { name });
  }

  row(tableName: string, text: string | RegExp): Locator {
    return this.table(tableName).getByRole('row').filter({ hasText: text });
  }

  async search(tableName: string, text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: `Find ${tableName.toLowerCase()}` }).fill(text);
  }
}
