import type { Item } from '#core/db';
import { queryPartition } from '#core/db';
import { invalid } from '#core/errors';
import { keys } from '#core/keys';
import type { SetupKind, SetupRecord } from '#core/setup-store';
import { listSetup, recordOf } from '#core/setup-store';
import type { CoaCategoryRecord, CoaSubCategoryRecord, GlAccountRecord } from '../chart/chart-store.ts';
import { GL_ACCOUNT_STATUS } from '@coopledger/shared/statuses';

/**
 * The records a request looks up beside the one it handles (a charge's GL account, a product's
 * category), each partition read at most once per request.
 */
export class Related {
  private readonly setups = new Map<SetupKind, Promise<Map<string, SetupRecord>>>();
  private chart?: Promise<Item[]>;

  constructor(readonly tenant: string) {}

  setupsOf<T extends SetupRecord>(kind: SetupKind): Promise<Map<string, T>> {
    let found = this.setups.get(kind);
    if (!found) {
      found = listSetup<Item>(this.tenant, kind).then(
        (items) => new Map(items.map((i) => [String(i.id), recordOf<SetupRecord>(i)])),
      );
      this.setups.set(kind, found);
    }
    return found as Promise<Map<string, T>>;
  }

  async setup<T extends SetupRecord>(kind: SetupKind, id: string | undefined | null): Promise<T | undefined> {
    if (id === undefined || id === null) return undefined;
    return (await this.setupsOf<T>(kind)).get(String(id));
  }

  private chartItems(): Promise<Item[]> {
    this.chart ??= queryPartition<Item>(keys.coaPartition(this.tenant));
    return this.chart;
  }

  async glAccounts(): Promise<Map<string, GlAccountRecord>> {
    const items = await this.chartItems();
    return new Map(
      items.filter((i) => String(i.sk).startsWith('GL#')).map((i) => [String(i.code), i as GlAccountRecord]),
    );
  }

  async categories(): Promise<Map<string, CoaCategoryRecord>> {
    const items = await this.chartItems();
    return new Map(
      items.filter((i) => String(i.sk).startsWith('CAT#')).map((i) => [String(i.code), i as CoaCategoryRecord]),
    );
  }

  async subCategories(): Promise<Map<string, CoaSubCategoryRecord>> {
    const items = await this.chartItems();
    return new Map(
      items.filter((i) => String(i.sk).startsWith('SUB#')).map((i) => [String(i.code), i as CoaSubCategoryRecord]),
    );
  }

  async gl(code: string | undefined | null): Promise<GlAccountRecord | undefined> {
    if (!code) return undefined;
    return (await this.glAccounts()).get(String(code));
  }

  /** A GL account the record will post to: it must exist in the chart and be active (422 on the field). */
  async requireGl(field: string, code: string, message: string): Promise<GlAccountRecord> {
    const account = await this.gl(code);
    if (!account || account.status !== GL_ACCOUNT_STATUS.ACTIVE) throw invalid(field, message);
    return account;
  }

  /** A referenced setup record that must exist (422 on the field). */
  async requireSetup<T extends SetupRecord>(kind: SetupKind, field: string, id: string, message: string): Promise<T> {
    const record = await this.setup<T>(kind, id);
    if (!record) throw invalid(field, message);
    return record;
  }
}

/** `{ code, name }` of a GL account for display, or null. */
export async function glRef(related: Related, code: string | undefined | null) {
  const account = await related.gl(code);
  return account
    ? { id: account.code, code: account.code, name: account.name }
    : code
      ? { id: code, code, name: null }
      : null;
}
