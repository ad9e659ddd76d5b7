import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dataOf, demoAdminHeaders, demoDepartment } from '../support/api';

/** A member made through the API for one test, with a known password. */
export interface TestMember {
  coopId: string;
  firstname: string;
  lastname: string;
  name: string;
  email: string;
  password: string;
  department: string;
}

/**
 * Creates a fresh member of the DEMO cooperative as DEMO-ADMIN through the API (the five wizard
 * steps at once), so a test that changes a member never depends on what another test did.
 */
export async function createMember(request: APIRequestContext): Promise<TestMember> {
  const headers = await demoAdminHeaders(request);
  const department = await demoDepartment(request, headers);
  const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const person = {
    firstname: 'Detail',
    lastname: `Tester${tag}`,
    email: `detail.${tag}@example.com`,
    password: 'secret123',
  };
  const member = await dataOf<{ coop_id: string }>(
    await request.post('/api/v1/cooperative/member', {
      headers,
      data: {
        ...person,
        phone: '08030000000',
        gender: 'Female',
        marital_status: 'Single',
        dob: '1990-04-12',
        current_address: '12 Broad Street, Lagos',
        savings_amount: '5000',
        staff_id: `DT-${tag}`,
        role_id: 'cooperative-member',
        level: 3,
        department_id: department.id,
        date_joined: '2020-01-15',
        bank_id: 1,
        branch: 'Marina',
        account_type: 'Savings',
        account_no: '0123456789',
        account_name: 'Detail Tester',
        nok_name: 'Chidi Obi',
        nok_address: '3 Allen Avenue',
        nok_phone: '08030000001',
        nok_email: 'chidi@example.com',
        contact_name: 'Ngozi Obi',
        contact_address: '4 Allen Avenue',
        contact_phone: '08030000002',
        contact_email: 'ngozi@example.com',
      },
    }),
    'Creating a member',
  );
  return {
    ...person,
    coopId: member.coop_id,
    name: `${person.firstname} ${person.lastname}`,
    department: department.name,
  };
}

/** The smallest valid PNG (1x1 pixel), for avatar uploads. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The member detail page (/members/view) and the member's own profile screens, which share its parts. */
export class MemberDetailPage {
  readonly page: Page;
  readonly sideCard: Locator;
  readonly workInfo: Locator;
  readonly nextOfKin: Locator;

  constructor(page: Page) {
    this.page = page;
    this.sideCard = this.card('Member summary');
    this.workInfo = this.card('Work Info');
    this.nextOfKin = this.card('Next of Kin');
  }

  async open(coopId: string): Promise<void> {
    await this.page.goto(`/members/view?member_id=${encodeURIComponent(coopId)}`);
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The labelled values of a card: the side card's summary, Work Info or Next of Kin. */
  card(name: 'Member summary' | 'Work Info' | 'Next of Kin'): Locator {
    return this.page.locator(`[aria-label="${name}"]`);
  }

  form(name: string): Locator {
    return this.page.getByRole('form', { name });
  }

  field(form: string, label: string): Locator {
    return this.form(form).getByLabel(label, { exact: true });
  }

  async choose(form: string, label: string, option: string): Promise<void> {
    await this.form(form)
      .getByRole('button', { name: new RegExp(`^${label}\\b`) })
      .first()
      .click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async save(form: string): Promise<void> {
    await this.form(form).getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The file input of a document slot: avatar, signature or reg_form. */
  fileInput(slot: 'avatar' | 'signature' | 'reg_form'): Locator {
    return this.page.getByTestId(`document-${slot}`).locator('input[type="file"]');
  }
}
