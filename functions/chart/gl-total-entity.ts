import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { effect, entitiesIn, entityDefaults, getEntities, getEntity } from '#core/entity';
import type { AppError } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';

/**
 * An account's all-time debits and credits (docs/data-model.md, "GL balance, per account all time"):
 * one item per account with postings, `T#<coop>#GLTOT` / `<code>`. The ledger (functions/core/ledger.ts,
 * `post()`) writes it, with an ADD of the posting's debit and credit and a SET of `gl_code` and
 * `entity`, in the posting's transaction; this module only reads it and checks that it is absent. The
 * item does not store its cooperative: the key inputs are the table's own `pk` and `sk`.
 */
export const GlTotalEntity = new Entity({
  ...entityDefaults,
  name: 'GL_TOTAL',
  schema: item({
    pk: string().key().hidden(),
    sk: string().key().hidden(),
    gl_code: string(),
    /** Running totals in kobo: a bigint once past 2^53. */
    debit: number().big(),
    credit: number().big(),
    entity: string().const('GL_TOTAL').hidden(),
  }),
});

export type GlTotalRecord = FormattedItem<typeof GlTotalEntity>;

/** Every account's all-time totals of a cooperative (one Query of its GLTOT partition), each checked. */
export const glTotalsOf = (cooperativeId: string): Promise<GlTotalRecord[]> =>
  entitiesIn(GlTotalEntity, keys.glTotalsPartition(cooperativeId));

/** The all-time totals of these accounts (one BatchGet), each checked; an account never posted to has none. */
export const glTotalsFor = (cooperativeId: string, codes: string[]): Promise<GlTotalRecord[]> =>
  getEntities(
    GlTotalEntity,
    codes.map((code) => keys.glTotal(cooperativeId, code)),
  );

/** Whether anything was ever posted to the account (its all-time total exists; a consistent read). */
export async function hasPostings(tenant: string, code: string): Promise<boolean> {
  return (await getEntity(GlTotalEntity, keys.glTotal(tenant, code), true)) !== undefined;
}

/** A check, in the delete's transaction, that nothing was posted to the account meanwhile. */
export function noPostingsCheck(tenant: string, code: string, error: AppError): Effect {
  const check = GlTotalEntity.build(ConditionCheck)
    .key(keys.glTotal(tenant, code))
    .condition({ attr: 'pk', exists: false });
  return effect(check.params(), error);
}
