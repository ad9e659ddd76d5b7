import { useQuery } from '@tanstack/react-query';
import type {
  MemberDashboardView,
  MonthFiguresView,
  RecentOrderView,
  StaffDashboardView,
  TileDataView,
} from '@coopledger/shared/dashboard-views';
import { routeData } from './client';
import type { SuretyRequest } from './loans';
import { hasLoan } from './loans';

export type TileData = TileDataView;
/** One month of the staff dashboard's Transactions Overview, in naira. */
export type MonthFigures = MonthFiguresView;
/** A row of Recent Deposits or Recent Withdrawals: an order with the member's and product's names. */
export type RecentOrder = RecentOrderView;
/** GET /cooperative/dashboard (spec 000 section 3: Staff dashboard). */
export type StaffDashboard = StaffDashboardView;
/**
 * GET /cooperative/member/single/dashboard (spec 000 section 3: Member dashboard), each surety request with its loan.
 */
export type MemberDashboard = Omit<MemberDashboardView, 'sureties'> & { sureties: SuretyRequest[] };
export type { MemberTransactionView as MemberTransaction } from '@coopledger/shared/savings-views';

/** Counts for the platform home's tiles (super-admin). */
export function useTileData() {
  return useQuery({
    queryKey: ['dashboard', 'tiles'],
    queryFn: ({ signal }) => routeData('GET /dashboard/tile-data', { signal, scoped: false }),
  });
}

/** The staff dashboard of the active cooperative; orders placed or decided refresh it. */
export function useStaffDashboard(cooperativeId: string | null) {
  return useQuery({
    queryKey: ['dashboard', 'cooperative', cooperativeId],
    queryFn: ({ signal }) => routeData('GET /cooperative/dashboard', { signal }),
    enabled: cooperativeId !== null,
  });
}

/** The signed-in member's (or executive's) own dashboard. */
export function useMemberDashboard(cooperativeId: string | null, loginId: string) {
  return useQuery({
    queryKey: ['dashboard', 'member', cooperativeId, loginId],
    queryFn: async ({ signal }): Promise<MemberDashboard> => {
      const dashboard = await routeData('GET /cooperative/member/single/dashboard', { signal });
      return { ...dashboard, sureties: dashboard.sureties.filter(hasLoan) };
    },
  });
}
