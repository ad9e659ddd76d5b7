import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { addMonths, today } from '@coopledger/shared/dates';
import { ApiError } from '../../api/api-error';
import { downloadStatement } from '../../api/statements';
import type { StatementDownload } from './statement-modal';
import { StatementModal } from './statement-modal';

const routeDownload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../api/client', () => ({ routeDownload }));

afterEach(() => {
  cleanup();
  routeDownload.mockClear();
});

function open(download: StatementDownload = vi.fn(() => Promise.resolve())) {
  const onDismiss = vi.fn();
  const { container } = render(
    <StatementModal memberName="Ada Obi" visible onDismiss={onDismiss} download={download} />,
  );
  const modal = createWrapper(container.ownerDocument.body).findModal()!;
  const button = (name: string) =>
    modal
      .findFooter()!
      .findAllButtons()
      .find((b) => b.getElement().textContent === name)!;
  const pickers = modal.findContent().findAllDatePickers();
  return { modal, button, pickers, onDismiss, download };
}

const click = (element: { click: () => void }) => act(async () => element.click());

describe('the statement dialog', () => {
  it('downloads the PDF of the last three months to begin with, then closes', async () => {
    const { modal, button, onDismiss, download } = open();
    expect(modal.findHeader().getElement().textContent).toBe('Statement of Ada Obi');
    await click(button('PDF'));
    expect(download).toHaveBeenCalledWith({ start_date: addMonths(today(), -3), end_date: today(), format: 'pdf' });
    expect(onDismiss).toHaveBeenCalled();
  });

  it('downloads the Excel workbook of the dates chosen', async () => {
    const { button, pickers, download } = open();
    await act(async () => pickers[0].setInputValue('2026/01/01'));
    await act(async () => pickers[1].setInputValue('2026/03/31'));
    await click(button('Excel'));
    expect(download).toHaveBeenCalledWith({ start_date: '2026-01-01', end_date: '2026-03-31', format: 'xlsx' });
  });

  it('says why a period cannot be had, under its date, and offers no download', async () => {
    const { modal, button, pickers, download } = open();
    await act(async () => pickers[0].setInputValue('2019/01/01'));
    await act(async () => pickers[1].setInputValue('2025/06/30'));
    const errors = modal
      .findContent()
      .findAllFormFields()
      .map((f) => f.findError()?.getElement().textContent);
    expect(errors).toEqual([undefined, 'A statement covers at most 5 years']);
    expect(button('PDF').getElement()).toHaveProperty('disabled', true);
    expect(button('Excel').getElement()).toHaveProperty('disabled', true);
    await click(button('PDF'));
    expect(download).not.toHaveBeenCalled();
  });

  it('shows the API refusal and stays open', async () => {
    const refuse = vi.fn(() => Promise.reject(new ApiError('Member not found', 404)));
    const { modal, button, onDismiss } = open(refuse);
    await click(button('PDF'));
    expect(modal.findContent().findAlert()!.getElement().textContent).toContain('Member not found');
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

describe('downloading a statement', () => {
  const period = { start_date: '2026-01-01', end_date: '2026-03-31', format: 'pdf' as const };

  it('asks the staff route for the member staff name', async () => {
    await downloadStatement({ ...period, memberId: 'TST0002' }, 'STAFF1');
    expect(routeDownload).toHaveBeenCalledWith(
      'GET /cooperative/member/statement',
      'statement-TST0002-2026-01-01-to-2026-03-31.pdf',
      { query: { start_date: '2026-01-01', end_date: '2026-03-31', format: 'pdf', member_id: 'TST0002' } },
    );
  });

  it("asks the member route for a member's own", async () => {
    await downloadStatement({ ...period, format: 'xlsx' }, 'TST0001');
    expect(routeDownload).toHaveBeenCalledWith(
      'GET /member/statement',
      'statement-TST0001-2026-01-01-to-2026-03-31.xlsx',
      { query: { start_date: '2026-01-01', end_date: '2026-03-31', format: 'xlsx' } },
    );
  });
});
