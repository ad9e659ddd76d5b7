import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { sessionStore } from '../../session/session-store';
import type { Session } from '../../session/types';
import { PAGES } from '../pages';
import { CooperativeGate } from './cooperative-gate';

const switchCooperative = vi.fn();
vi.mock('../menus/use-switch-context', () => ({ useSwitchCooperative: () => switchCooperative }));
const coops = [
  { id: 'c-1', name: 'Alpha Cooperative', code: 'ALP' },
  { id: 'c-2', name: 'Beta Cooperative', code: 'BET' },
];
vi.mock('../../api/cooperatives', () => ({
  useCooperativeList: () => ({ data: { data: coops }, isPending: false, isError: false }),
}));

function signIn(role: Session['user']['role_name'], activeCooperativeId: string | null, context: Session['role']) {
  sessionStore.signIn({
    token: 't',
    user: {
      id: 'u',
      coop_id: 'X',
      firstname: 'A',
      lastname: 'B',
      email: 'a@b.c',
      role_name: role,
      status: 1,
      cooperative_id: null,
      created_at: '2026-01-01',
    },
    member: null,
    role: context,
    activeCooperativeId,
    remember: false,
  });
}

const Report = vi.fn(() => <p>the report</p>);

function show() {
  const { container } = render(
    <MemoryRouter initialEntries={['/reports/trial-balance']}>
      <CooperativeGate title="Trial Balance">
        <Report />
      </CooperativeGate>
    </MemoryRouter>,
  );
  return createWrapper(container);
}

beforeEach(() => {
  switchCooperative.mockReset();
  Report.mockClear();
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('a cooperative report for a super-admin', () => {
  it('asks for a cooperative on the page and renders no report (so sends no request) until one is chosen', async () => {
    signIn('super-admin', null, 'report');
    const page = show();
    expect(Report).not.toHaveBeenCalled();
    expect(page.getElement().textContent).toContain('Choose the cooperative to report on');
    expect(page.getElement().textContent).not.toContain('Please select a cooperative');
    const view = page.findAllButtons().find((b) => b.getElement().textContent === 'View report')!;
    expect(view.isDisabled()).toBe(true);

    const select = page.findSelect()!;
    await act(async () => select.openDropdown());
    await act(async () => select.selectOptionByValue('c-2'));
    await act(async () => view.click());
    expect(switchCooperative).toHaveBeenCalledTimes(1);
    // The chosen cooperative, the same page, the same (report) menu.
    expect(switchCooperative.mock.calls[0]).toEqual([coops[1], '/reports/trial-balance', 'report']);
  });

  it('shows the report at once to a super-admin inside a cooperative and to cooperative staff', () => {
    signIn('super-admin', 'c-1', 'report');
    expect(show().getElement().textContent).toContain('the report');
    cleanup();
    signIn('cooperative-accountant', null, 'report');
    expect(show().getElement().textContent).toContain('the report');
    expect(switchCooperative).not.toHaveBeenCalled();
  });

  it('guards every report page of one cooperative', () => {
    const guarded = PAGES.filter((p) => p.needsCooperative).map((p) => p.path);
    expect(guarded.sort()).toEqual(
      [
        '/reports/trial-balance',
        '/reports/ledger-statement',
        '/reports/members-balance',
        '/reports/income-statement',
        '/reports/financial-position',
        '/reports/dividend-calculator',
        '/reports/investment-trackers',
        '/reports/analysis-report',
      ].sort(),
    );
  });
});
