// The demo accounts the local runtime seeds (infra/local/seed.ts).
export const ACCOUNTS = {
  superAdmin: { loginId: 'superadmin', password: 'superadmin123' },
  coopAdmin: { loginId: 'DEMO-ADMIN', password: 'password123' },
  accountant: { loginId: 'DEMO-ACCT', password: 'password123' },
  executive: { loginId: 'DEMO0002', password: 'password123' },
  member: { loginId: 'DEMO0001', password: 'password123' },
  storeKeeper: { loginId: 'DEMO-STORE', password: 'password123' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;
