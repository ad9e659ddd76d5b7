/** The dividend GL accounts the dividend tests save, on the standard chart (cooperatives/standard-chart.ts). */
export const DIVIDEND_GL_SETUP = {
  provision_gl: '302002',
  retained_earnings_gl: '402002',
  statutory_reserve_gl: '402001',
  admin_fee_gl: '504001',
};
