import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { Entity } from 'dynamodb-toolbox/entity';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { PLATFORM_TENANT } from '@coopledger/shared/roles';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import { entityDefaults, transactItem } from '#core/entity';
import { setupFrame, setupKey, setupReads, setupStatus } from '../setup/setup-entity.ts';

/**
 * An e-shop product category: a platform setup record (kind ESHOP_CATEGORY, tenant PLATFORM; created,
 * edited and deleted through the setup machinery, eshop/handler.ts). docs/data-model.md, "Setup records".
 */
export const EshopCategoryEntity = new Entity({
  ...entityDefaults,
  name: 'ESHOP_CATEGORY',
  schema: item({ ...setupFrame('ESHOP_CATEGORY'), name: string(), status: setupStatus(), description: string() }),
  computeKey: setupKey('ESHOP_CATEGORY'),
});

export type EshopCategoryRecord = FormattedItem<typeof EshopCategoryEntity>;

/** The checked reads of e-shop categories. */
export const eshopCategoryRecords = setupReads(EshopCategoryEntity, 'ESHOP_CATEGORY');

/** A check, in a product's transaction, that the e-shop category it names is still there and Active. */
export const activeCategoryCheck = (categoryId: string) =>
  transactItem(
    EshopCategoryEntity.build(ConditionCheck)
      .key({ cooperative_id: PLATFORM_TENANT, id: categoryId })
      .condition({ attr: 'status', eq: SETUP_STATUS.ACTIVE })
      .params(),
  );
