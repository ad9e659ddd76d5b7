import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';
import { writeItem } from '#core/entity';
import { conflict } from '#core/errors';
import { RECORD_TTL_MS, TtlCache } from '#core/ttl-cache';
import { nextGlCode } from '../chart/chart-entities.ts';
import { accountPut, categoryPut, subCategoryPut } from '../chart/chart-store.ts';
import { chartOf, findGlAccount } from '../chart/coa-entity.ts';
import { STORE_PURPOSES, standardPlaceOf } from '../cooperatives/standard-chart.ts';

/** How many codes one account tries before giving up (each miss is a code another write took meanwhile). */
const ATTEMPTS = 5;

/**
 * Gives a cooperative the GL accounts the store posts to (docs/decisions.md 2026-11-27 "The store's
 * catalogue"): inventory, e-shop receivable, sales, cost of goods sold and inventory loss. A new
 * cooperative has them from the standard chart; one made before them gets them here, when its store
 * is first opened (the product create route) or by `npm run backfill`.
 *
 * Only what is missing is written: an account counts as there when the chart has an account of its
 * purpose, whatever its code or status (an admin may have deactivated it on purpose). Its category
 * and sub-category are put first when the chart lacks them. Each item is one Put under
 * `attribute_not_exists`, so a run never overwrites anything and two runs at once give one account
 * per purpose: the loser of a code finds the winner's account there (a consistent read) and stops.
 * When the standard code holds another account of the cooperative's own, the account takes the
 * next free code of its sub-category, as the chart's generate-code gives. Answers how many accounts
 * it created.
 */
export async function ensureStoreAccounts(cooperativeId: string): Promise<number> {
  // The platform's chart is the super-admin's template; the store lives in cooperatives.
  if (cooperativeId === PLATFORM_TENANT) return 0;
  const chart = await chartOf(cooperativeId, true);
  const missing = STORE_PURPOSES.filter((purpose) => !chart.glAccounts.some((a) => a.purpose === purpose));
  let made = 0;
  for (const purpose of missing) {
    const { category, sub, account } = standardPlaceOf(purpose);
    const notThere = { condition: { attr: 'code', exists: false } } as const;
    if (!chart.categories.some((c) => c.code === category.code))
      await writeItem(categoryPut(cooperativeId, category).options(notThere).params());
    if (!chart.subCategories.some((s) => s.code === sub.code))
      await writeItem(subCategoryPut(cooperativeId, category, sub).options(notThere).params());
    const taken = chart.glAccounts.map((a) => ({ code: a.code }));
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const code = taken.some((a) => a.code === account.code) ? nextGlCode(sub, taken) : account.code;
      if (await writeItem(accountPut(cooperativeId, category, sub, account, code).options(notThere).params())) {
        made += 1;
        break;
      }
      if ((await findGlAccount(cooperativeId, code))?.purpose === purpose) break;
      taken.push({ code });
    }
  }
  return made;
}

/** The backfill step (maintenance/backfill.ts) that gives cooperatives made before them the store's accounts. */
export const storeAccountsBackfill = { name: 'store accounts', run: ensureStoreAccounts };

/** The GL codes the store posts to, by purpose. */
export type StoreAccounts = Record<(typeof STORE_PURPOSES)[number], string>;

const storeAccountsCache = new TtlCache<StoreAccounts>({ ttlMs: RECORD_TTL_MS, max: 1_000 });

/**
 * The codes of the store's GL accounts of a cooperative (cached per instance for RECORD_TTL_MS: the
 * ledger's ConditionCheck of each account still decides whether it may be posted to). A cooperative
 * that lacks one gets it first (`ensureStoreAccounts`).
 */
export async function storeAccounts(cooperativeId: string): Promise<StoreAccounts> {
  const load = async (): Promise<StoreAccounts | undefined> => {
    const pick = async () => {
      const { glAccounts } = await chartOf(cooperativeId, true);
      const codes: Partial<StoreAccounts> = {};
      for (const purpose of STORE_PURPOSES) {
        // An active account of the purpose first; an inactive one makes the posting say it is inactive.
        const ofPurpose = glAccounts.filter((a) => a.purpose === purpose);
        const account = ofPurpose.find((a) => a.status === GL_ACCOUNT_STATUS.ACTIVE) ?? ofPurpose[0];
        if (account) codes[purpose] = account.code;
      }
      return STORE_PURPOSES.every((purpose) => codes[purpose]) ? (codes as StoreAccounts) : undefined;
    };
    const found = await pick();
    if (found) return found;
    await ensureStoreAccounts(cooperativeId);
    return pick();
  };
  const codes = await storeAccountsCache.get(cooperativeId, 'store-accounts', load);
  if (!codes) throw conflict("The store's GL accounts could not be opened; please try again");
  return codes;
}
