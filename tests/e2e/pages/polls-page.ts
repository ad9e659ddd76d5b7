import type { Locator, Page } from '@playwright/test';

/** /setup/polls: the election cards, the New Election form, Manage Contestants and the Results tab. */
export class PollsPage {
  readonly page: Page;
  readonly electionForm: Locator;
  readonly search: Locator;

  constructor(page: Page) {
    this.page = page;
    this.electionForm = page.getByRole('dialog', { name: 'New Election' });
    this.search = page.getByRole('searchbox', { name: 'Find elections' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/setup/polls');
  }

  card(election: string): Locator {
    return this.page.getByRole('list', { name: 'Elections' }).getByRole('listitem').filter({ hasText: election });
  }

  async openAction(
    election: string,
    action: 'Edit' | 'Manage Positions' | 'Manage Contestants' | 'View Results' | 'Delete',
  ): Promise<void> {
    await this.page.getByRole('button', { name: `Actions for ${election}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** Fills the New Election form: its dates as the date picker takes them (YYYY/MM/DD), and its positions. */
  async createElection(election: {
    name: string;
    description: string;
    start: string;
    end: string;
    positions: string[];
  }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add election' }).click();
    const form = this.electionForm;
    await form.getByLabel('Name', { exact: true }).fill(election.name);
    await form.getByLabel('Description', { exact: true }).fill(election.description);
    await form.getByLabel('Start date', { exact: true }).fill(election.start);
    await form.getByLabel('End date', { exact: true }).fill(election.end);
    for (const [index, position] of election.positions.entries()) {
      if (index > 0) await form.getByRole('button', { name: 'Add position' }).click();
      await form.getByLabel(`Position ${index + 1} name`).fill(position);
    }
    await form.getByRole('button', { name: 'Create election' }).click();
  }
}

/** The Manage Contestants modal of one election. */
export class ContestantsModal {
  readonly page: Page;
  readonly dialog: Locator;

  constructor(page: Page, election: string) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: `Manage Contestants: ${election}` });
  }

  /** The select's trigger, named by its label and the value it shows. */
  private select(label: string, scope: Locator): Locator {
    return scope.getByRole('button', { name: new RegExp(`^${label}\\b`) }).first();
  }

  async showPosition(position: string): Promise<void> {
    await this.select('Position', this.dialog.getByRole('tabpanel')).click();
    await this.page.getByRole('option', { name: position }).click();
  }

  /** Adds a member, found by number in the directory, as a contestant for the position the list shows. */
  async add(memberNumber: string, manifesto: string): Promise<void> {
    await this.dialog.getByRole('tab', { name: 'Add New' }).click();
    const form = this.dialog.getByRole('form', { name: 'Add contestant' });
    await this.select('Contestant', form).click();
    await this.page.getByRole('combobox', { name: 'Search contestant' }).fill(memberNumber);
    await this.page
      .getByRole('option', { name: new RegExp(memberNumber) })
      .first()
      .click();
    await form.getByLabel('Manifesto', { exact: true }).fill(manifesto);
    await form.getByRole('button', { name: 'Add contestant' }).click();
  }

  row(name: string): Locator {
    return this.dialog.getByRole('table', { name: 'Contestants' }).getByRole('row').filter({ hasText: name });
  }
}

/** /member/elections/contestants?id=: the ballot of one election. */
export class BallotPage {
  readonly page: Page;
  readonly confirm: Locator;

  constructor(page: Page) {
    this.page = page;
    this.confirm = page.getByRole('dialog', { name: 'Confirm your vote' });
  }

  /** From the member's elections list to the election's contestants. */
  async open(election: string): Promise<void> {
    await this.page.goto('/member/elections');
    await this.page.getByRole('link', { name: `View contestants of ${election}` }).click();
  }

  voteButton(contestant: string): Locator {
    return this.page.getByRole('button', { name: `Vote for ${contestant}`, exact: true });
  }

  async vote(contestant: string): Promise<void> {
    await this.voteButton(contestant).click();
    await this.confirm.getByRole('button', { name: 'Vote', exact: true }).click();
  }
}
