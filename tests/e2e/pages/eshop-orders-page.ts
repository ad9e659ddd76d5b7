import type { Locator, Page } from '@playwright/test';
import { chooseOption } from '../support/select';

/** /e-shop/orders: the store's orders with the status filter. */
export class EshopOrdersPage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Orders' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/e-shop/orders');
  }

  async filterStatus(status: string): Promise<void> {
    await chooseOption(this.page.locator('body'), 'Status', status);
  }

  row(orderNo: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: orderNo }) });
  }

  /** The texts of an order's row: Order no., Member, Items, Total, Payment, Status, Placed at. */
  async cells(orderNo: string): Promise<string[]> {
    return (await this.row(orderNo).locator('th, td').allInnerTexts()).map((text) => text.trim());
  }

  async open(orderNo: string): Promise<void> {
    await this.row(orderNo).getByRole('link', { name: orderNo }).click();
  }
}

/** The steps' buttons, as the order's page names them. */
export const STEP_BUTTONS = ['Confirm', 'Dispatch', 'Deliver', 'Reject', 'Cancel order'] as const;
export type StepButton = (typeof STEP_BUTTONS)[number];

/** /e-shop/orders/:id: one order, its history and the buttons of the steps its status allows. */
export class EshopOrderPage {
  readonly status: Locator;
  readonly lines: Locator;
  readonly history: Locator;
  readonly details: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('order-status');
    this.lines = page.getByRole('table', { name: 'Order lines' });
    this.history = page.getByRole('table', { name: 'Order history' });
    this.details = page.getByLabel('Order details');
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/e-shop/orders/${id}`);
  }

  /** The page header's button of a step, while no dialog is open (a dialog's button has the same name). */
  stepButton(step: StepButton): Locator {
    return this.page.getByRole('button', { name: step, exact: true });
  }

  /** The page header's Return (a delivered order), while no dialog is open. */
  get returnButton(): Locator {
    return this.page.getByRole('button', { name: 'Return', exact: true });
  }

  dialog(step: StepButton | 'Return'): Locator {
    return this.page.getByRole('dialog', { name: new RegExp(`^${step}: order `) });
  }

  /** Opens a step's dialog, writes the comment if any, and presses the step. */
  async take(step: StepButton, comment?: string): Promise<void> {
    await this.stepButton(step).first().click();
    const dialog = this.dialog(step);
    if (comment) await dialog.getByLabel('Comment').fill(comment);
    await dialog.getByRole('button', { name: step, exact: true }).click();
  }

  /** The rows of the history: Status, By, When, Comment. */
  async historyRows(): Promise<string[][]> {
    const rows = this.history.getByRole('row');
    const count = await rows.count();
    const texts: string[][] = [];
    for (let index = 1; index < count; index++)
      texts.push((await rows.nth(index).locator('th, td').allInnerTexts()).map((text) => text.trim()));
    return texts;
  }
}
