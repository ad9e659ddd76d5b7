import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import type { EshopCustomerStatus } from '@coopledger/shared/statuses';
import { ESHOP_CUSTOMER_STATUS } from '@coopledger/shared/statuses';
import { effect, entityDefaults, getEntity, tableKeyAttributes, writeItem } from '#core/entity';
import type { AppError } from '#core/errors';
import { conflict } from '#core/errors';
import { keys } from '#core/keys';
import type { Effect } from '#core/ledger';
import { countChange, countedTotal } from '#core/list-counter-entity';
import type { ListPage, PageRequest } from '#core/list-page';
import { entityPage } from '#core/list-page';

/**
 * A customer of the store (docs/data-model.md "E-shop"): a member of the cooperative who has
 * ordered, made by their first order. It counts their orders and what their delivered orders came
 * to (less refunds), and holds whether they may order (ESHOP_CUSTOMER_STATUS). Listed by when they
 * first ordered (gsi1), counted.
 */
export const EshopCustomerEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_CUSTOMER',
  schema: item({
    ...tableKeyAttributes(),
    member_id: string(),
    name: string(),
    email: string(),
    phone: string(),
    orders: number(),
    /** Kobo. */
    spent: number().big(),
    since: string(),
    status: number().enum(ESHOP_CUSTOMER_STATUS.BLOCKED, ESHOP_CUSTOMER_STATUS.ACTIVE),
    updated_at: string(),
    entity: string().const('ESHOP_CUSTOMER').hidden(),
    gsi1pk: string().hidden(),
    gsi1sk: string().hidden(),
  }),
});

export type EshopCustomerRecord = FormattedItem<typeof EshopCustomerEntity>;

const CUSTOMERS_LIST = 'eshop-customers';

/** A customer, read consistently; undefined before their first order. */
export const getCustomer = (tenant: string, memberId: string) =>
  getEntity(EshopCustomerEntity, keys.eshopCustomer(tenant, memberId), true);

/**
 * An order placed by a member, on their customer record: a new customer (only if there is none,
 * counted) with their first order, or one more order of an Active customer (`blocked` otherwise).
 */
export function customerOrdered(
  tenant: string,
  existing: EshopCustomerRecord | undefined,
  person: { member_id: string; name: string; email: string; phone: string },
  at: string,
  blocked: AppError,
): Effect[] {
  if (existing) {
    const update = EshopCustomerEntity.build(UpdateTransaction)
      .item({ ...keys.eshopCustomer(tenant, existing.member_id), orders: $add(1), updated_at: at })
      .options({ condition: { attr: 'status', eq: ESHOP_CUSTOMER_STATUS.ACTIVE } });
    return [effect(update.params(), blocked)];
  }
  const put = EshopCustomerEntity.build(PutTransaction)
    .item({
      ...keys.eshopCustomer(tenant, person.member_id),
      ...keys.eshopCustomerIndex(tenant, at, person.member_id),
      ...person,
      member_id: person.member_id.toUpperCase(),
      orders: 1,
      spent: 0,
      since: at,
      status: ESHOP_CUSTOMER_STATUS.ACTIVE,
      updated_at: at,
    })
    .options({ condition: { attr: 'pk', exists: false } });
  return [
    effect(put.params(), conflict('Your first order was being placed at the same time; please try again')),
    { item: countChange(tenant, CUSTOMERS_LIST, 1) },
  ];
}

/** What a customer's delivered orders came to moves by `amount` kobo (a delivery +, a refund -). */
export function customerSpent(tenant: string, memberId: string, amount: number, at: string): Effect {
  const update = EshopCustomerEntity.build(UpdateTransaction)
    .item({ ...keys.eshopCustomer(tenant, memberId), spent: $add(amount), updated_at: at })
    .options({ condition: { attr: 'pk', exists: true } });
  return effect(update.params());
}

/** Blocks a customer or lets them order again; false when the member has never ordered. */
export async function setCustomerStatus(
  tenant: string,
  memberId: string,
  status: EshopCustomerStatus,
  at: string,
): Promise<boolean> {
  const update = EshopCustomerEntity.build(UpdateTransaction)
    .item({ ...keys.eshopCustomer(tenant, memberId), status, updated_at: at })
    .options({ condition: { attr: 'pk', exists: true } });
  return writeItem(update.params());
}

/** One page of the customers, newest first, counted. */
export function customerPage(tenant: string, request: PageRequest): Promise<ListPage<EshopCustomerRecord>> {
  return entityPage(EshopCustomerEntity, keys.eshopCustomersPartition(tenant), request, {
    index: 'gsi1',
    reverse: true,
    total: countedTotal(tenant, CUSTOMERS_LIST),
  });
}
