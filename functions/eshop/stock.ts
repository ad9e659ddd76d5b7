import type { StockMovementKind, StockMovementView, StockView } from '@coopledger/shared/eshop-views';
import type { Kobo } from '@coopledger/shared/money';
import { nairaFigure, shareOf } from '@coopledger/shared/money';
import type { StockAdjustmentInput, StockDamageInput, StockReceiptInput } from '@coopledger/shared/schemas/eshop';
import { stockAdjustmentSchema, stockDamageSchema, stockReceiptSchema } from '@coopledger/shared/schemas/eshop';
import { SETUP_STATUS } from '@coopledger/shared/statuses';
import { nowIso } from '#core/db';
import { conflict, invalid, notFound } from '#core/errors';
import type { RequestContext, RouteHandlers } from '#core/handler';
import { signedIn } from '#core/handler';
import { ok } from '#core/http';
import { newId } from '#core/ids';
import { pageRequest } from '#core/list-page';
import { validate } from '#core/validation';
import { bankAccountUnchanged } from '../setup/cached-setups.ts';
import { setupRecords } from '../setup/setup-entity.ts';
import type { ProductRecord } from './product-entity.ts';
import { getProduct, productCheck } from './product-entity.ts';
import { listedProducts } from './products.ts';
import type { StockMoveRecord, StockRecord } from './stock-entity.ts';
import {
  costOf,
  countMoves,
  putStockMove,
  stockIn,
  stockMovePage,
  stockOf,
  stockOut,
  stocksOf,
} from './stock-entity.ts';
import { storeAccounts } from './store-accounts.ts';
import { postStore, withinLimit } from './store-posting.ts';

/**
 * The store's stock (issue 22; docs/decisions.md 2026-11-27 "Store stock and orders"): receipts paid
 * from a bank account (Dr Inventory, Cr the bank's GL), counts adjusted with a reason and damaged
 * stock written off (against the Inventory loss GL at the stock's average cost), every movement kept,
 * and each product's quantity on hand, available and value. Each change is one ledger posting with
 * the stock's change, the movement and its counts in the same transaction.
 */

const BASE = '/cooperative/e-shop/stock';

/** The product a stock change names: 422 on product_id when there is none. */
async function stockedProduct(tenant: string, id: string): Promise<ProductRecord> {
  const product = await getProduct(tenant, id);
  if (!product) throw invalid('product_id', 'The selected product does not exist');
  return product;
}

export function presentStock(product: ProductRecord, stock: StockRecord): StockView {
  return {
    product_id: product.id,
    name: product.name,
    sku: product.sku,
    status: product.status,
    on_hand: stock.on_hand,
    available: stock.available,
    reserved: stock.on_hand - stock.available,
    value: nairaFigure(stock.value),
    average_cost: nairaFigure(stock.on_hand > 0 ? costOf(stock, 1) : 0),
    low_stock_quantity: product.low_stock_quantity,
    low_stock: stock.available <= product.low_stock_quantity,
  };
}

function presentMove(move: StockMoveRecord): StockMovementView {
  return {
    id: move.id,
    product_id: move.product_id,
    product_name: move.product_name,
    kind: move.kind,
    quantity: move.quantity,
    value: nairaFigure(move.value),
    unit_cost: move.unit_cost === null ? null : nairaFigure(move.unit_cost),
    supplier: move.supplier,
    bank_id: move.bank_id,
    reason: move.reason,
    order_id: move.order_id,
    date: move.date,
    journal_id: move.journal_id,
    created_by: move.created_by,
    created_at: move.created_at,
  };
}

const notEnough = (product: ProductRecord, available: number) =>
  invalid(
    'quantity',
    available === 0
      ? `There is no ${product.name} available to take out`
      : `Only ${available} of ${product.name} ${available === 1 ? 'is' : 'are'} available to take out`,
  );

/**
 * Takes stock out at its average cost or puts it back (an adjustment or a damage): the posting
 * between Inventory and Inventory loss, the stock's change and the movement, in one transaction.
 */
async function writeOff(
  ctx: RequestContext,
  kind: Extract<StockMovementKind, 'ADJUSTMENT' | 'DAMAGE'>,
  input: StockAdjustmentInput | StockDamageInput,
): Promise<StockMoveRecord> {
  const { tenant, identity } = signedIn(ctx);
  const product = await stockedProduct(tenant, input.product_id);
  const [stock, accounts] = await Promise.all([stockOf(tenant, product.id), storeAccounts(tenant)]);
  const quantity = kind === 'DAMAGE' ? -input.quantity : input.quantity;
  const out = quantity < 0;
  if (out && -quantity > stock.available) throw notEnough(product, stock.available);
  // In at the average cost of what is there; at the product's buying price when there is none.
  // Out at the average cost; in at it too (at the buying price when there is none), within the limit.
  let value: Kobo;
  if (out) value = costOf(stock, -quantity);
  else if (stock.on_hand > 0) {
    withinLimit((BigInt(stock.value) * BigInt(quantity)) / BigInt(stock.on_hand), 'quantity', 'The adjustment');
    value = shareOf(stock.value, quantity, stock.on_hand);
  } else value = withinLimit(BigInt(product.buying_price) * BigInt(quantity), 'quantity', 'The adjustment');
  const id = newId();
  const now = nowIso();
  const what = kind === 'DAMAGE' ? 'Damaged stock written off' : 'Stock count adjusted';
  let move: StockMoveRecord | undefined;
  await postStore({
    cooperativeId: tenant,
    idempotencyKey: `eshop-move-${id}`,
    date: input.date,
    description: `${what}: ${Math.abs(quantity)} x ${product.name} (${input.reason})`,
    source: { type: kind === 'DAMAGE' ? 'ESHOP_DAMAGE' : 'ESHOP_ADJUSTMENT', id },
    createdBy: identity.loginId,
    pairs: [
      out
        ? { debit: accounts.inventory_loss, credit: accounts.inventory, amount: value }
        : { debit: accounts.inventory, credit: accounts.inventory_loss, amount: value },
    ],
    effects: (journalId) => {
      move = {
        id,
        product_id: product.id,
        product_name: product.name,
        kind,
        quantity,
        value: out ? 0 - value : value,
        unit_cost: null,
        supplier: null,
        bank_id: null,
        reason: input.reason,
        order_id: null,
        date: input.date,
        journal_id: journalId,
        created_by: identity.loginId,
        created_at: now,
      };
      return [
        out
          ? stockOut(stock, -quantity, value, now, { reserved: false })
          : stockIn(tenant, product.id, quantity, value, now, stock),
        { item: putStockMove(tenant, move) },
        ...countMoves(tenant, { [kind]: 1 }).map((item) => ({ item })),
      ];
    },
  });
  return move!;
}

/**
 * Stock received from a supplier at a unit cost, paid from a bank account: Dr Inventory, Cr the
 * bank's GL, with the stock's change and the movement in the same transaction.
 */
export async function receiveStock(tenant: string, input: StockReceiptInput, by: string): Promise<StockMoveRecord> {
  const product = await stockedProduct(tenant, input.product_id);
  const [bank, accounts] = await Promise.all([
    setupRecords.bankAccount.get(tenant, input.bank_id),
    storeAccounts(tenant),
  ]);
  if (!bank || bank.status !== SETUP_STATUS.ACTIVE) throw invalid('bank_id', 'Please select bank account');
  const value = withinLimit(BigInt(input.unit_cost) * BigInt(input.quantity), 'quantity', 'The receipt');
  const id = newId();
  const now = nowIso();
  let move: StockMoveRecord | undefined;
  await postStore({
    cooperativeId: tenant,
    idempotencyKey: `eshop-move-${id}`,
    date: input.date,
    description: `Stock received: ${input.quantity} x ${product.name} from ${input.supplier}`,
    source: { type: 'ESHOP_STOCK_RECEIPT', id },
    reference: input.reference,
    createdBy: by,
    pairs: [{ debit: accounts.inventory, credit: String(bank.coa_id), amount: value }],
    effects: (journalId) => {
      move = {
        id,
        product_id: product.id,
        product_name: product.name,
        kind: 'RECEIPT',
        quantity: input.quantity,
        value,
        unit_cost: input.unit_cost,
        supplier: input.supplier,
        bank_id: bank.id,
        reason: null,
        order_id: null,
        date: input.date,
        journal_id: journalId,
        created_by: by,
        created_at: now,
      };
      return [
        { item: productCheck(tenant, product.id), onConditionFailed: notFound('Product') },
        { item: bankAccountUnchanged(bank), onConditionFailed: conflict('The bank account changed; please try again') },
        stockIn(tenant, product.id, input.quantity, value, now),
        { item: putStockMove(tenant, move) },
        ...countMoves(tenant, { RECEIPT: 1 }).map((item) => ({ item })),
      ];
    },
  });
  return move!;
}

const MOVEMENT_KINDS: readonly StockMovementKind[] = ['RECEIPT', 'ADJUSTMENT', 'DAMAGE', 'SALE', 'RETURN'];

export const stockHandlers: RouteHandlers = {
  /** The products with their stock, by name (the product list's filters and search). */
  [`GET ${BASE}`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    // Staff only: the status filter is theirs (members always see Active products).
    const found = await listedProducts(ctx);
    const stocks = await stocksOf(
      tenant,
      found.data.map((p) => p.id),
    );
    return ok('Stock retrieved', {
      data: found.data.map((p) => presentStock(p, stocks.get(p.id)!)),
      meta: found.meta,
    });
  },

  /** The movements of stock, newest first: all, a product's (product_id) or a kind's (kind). */
  [`GET ${BASE}/movements`]: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const productId = ctx.query.product_id?.trim() || undefined;
    const kindText = ctx.query.kind?.trim().toUpperCase() || undefined;
    const kind = MOVEMENT_KINDS.find((k) => k === kindText);
    if (kindText && !kind) throw invalid('kind', `Select a valid kind: ${MOVEMENT_KINDS.join(', ')}`);
    if (productId && kind) throw invalid('kind', 'Filter by a product or by a kind, not both');
    const found = await stockMovePage(tenant, pageRequest(ctx), { productId, kind });
    return ok('Stock movements retrieved', { data: found.data.map(presentMove), meta: found.meta });
  },

  /** Stock received from a supplier, paid from a bank account: Dr Inventory, Cr the bank's GL. */
  [`POST ${BASE}/receipt`]: async (ctx) => {
    const { tenant, identity } = signedIn(ctx);
    const move = await receiveStock(tenant, validate(stockReceiptSchema, ctx.body), identity.loginId);
    return ok(`${move.quantity} x ${move.product_name} received`, presentMove(move), 201);
  },

  /** A stock count corrected (signed quantity) with its reason, at the stock's average cost. */
  [`POST ${BASE}/adjustment`]: async (ctx) => {
    const move = await writeOff(ctx, 'ADJUSTMENT', validate(stockAdjustmentSchema, ctx.body));
    return ok(`The stock of ${move.product_name} was adjusted`, presentMove(move), 201);
  },

  /** Damaged stock written off: Dr Inventory loss, Cr Inventory at the stock's average cost. */
  ['POST /cooperative/e-shop/damages']: async (ctx) => {
    const move = await writeOff(ctx, 'DAMAGE', validate(stockDamageSchema, ctx.body));
    return ok(`${-move.quantity} x ${move.product_name} written off as damaged`, presentMove(move), 201);
  },

  /** The damages written off, newest first. */
  ['GET /cooperative/e-shop/damages']: async (ctx) => {
    const { tenant } = signedIn(ctx);
    const found = await stockMovePage(tenant, pageRequest(ctx), { kind: 'DAMAGE' });
    return ok('Damages retrieved', { data: found.data.map(presentMove), meta: found.meta });
  },
};
