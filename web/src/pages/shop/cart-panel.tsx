import { useMemo } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import Table from '../../components/tables/table';
import Textarea from '@cloudscape-design/components/textarea';
import type { EshopPaymentMethod } from '@coopledger/shared/schemas/eshop';
import { ESHOP_PAYMENT_METHODS, ESHOP_PAYMENT_METHOD_LABELS } from '@coopledger/shared/schemas/eshop';
import type { SavingsPlan } from '../../api/savings';
import { formatNaira } from '../../format/money';
import { availableBalance, planLabel } from '../savings/savings-helpers';
import type { Cart, CartLine, Checkout, CheckoutField } from './cart';
import { cartTotal, figureOf, installmentAmounts, lineAmount } from './cart';

export interface CartPanelProps {
  cart: Cart;
  /** The messages on each line, by product id. */
  lineErrors: Readonly<Record<string, string>>;
  checkout: Checkout;
  fieldErrors: Partial<Record<CheckoutField, string>>;
  /** The member's active plans. */
  plans: readonly SavingsPlan[];
  /** The most months of payroll deduction the store offers (0: not offered; undefined while loading). */
  payrollMaxMonths: number | undefined;
  plansLoading: boolean;
  /** Why the order was not placed (the server's message, or what is wrong beyond the marked fields). */
  refusal: { header: string; messages: string[] } | null;
  placing: boolean;
  onQuantity: (productId: string, quantity: string) => void;
  onRemove: (productId: string) => void;
  onCheckout: (field: CheckoutField, value: string) => void;
  onPlace: () => void;
}

/** The plans to pay from, each with its available balance: what an order from savings may hold. */
function planOptions(plans: readonly SavingsPlan[]) {
  return plans.map((plan) => ({
    value: plan.id,
    label: planLabel(plan),
    description: `Available balance ${formatNaira(availableBalance(plan))}`,
  }));
}

/** The cart's lines (quantities changeable, each with its message), the total, and the checkout. */
export function CartPanel({
  cart,
  lineErrors,
  checkout,
  fieldErrors,
  plans,
  plansLoading,
  payrollMaxMonths,
  refusal,
  placing,
  onQuantity,
  onRemove,
  onCheckout,
  onPlace,
}: CartPanelProps) {
  const options = useMemo(() => planOptions(plans), [plans]);
  const total = formatNaira(figureOf(cartTotal(cart)));

  const columns = useMemo<TableProps.ColumnDefinition<CartLine>[]>(
    () => [
      { id: 'name', header: 'Product', isRowHeader: true, cell: (line) => line.name },
      { id: 'price', header: 'Price', cell: (line) => formatNaira(line.unit_price) },
      {
        id: 'quantity',
        header: 'Quantity',
        minWidth: 160,
        cell: (line) => (
          <FormField
            errorText={lineErrors[line.product_id]}
            constraintText={`At most ${line.max_purchase_quantity.toLocaleString('en-NG')} per order`}
          >
            <div style={{ width: 80 }}>
              <Input
                type="number"
                inputMode="numeric"
                ariaLabel={`Quantity of ${line.name} in the cart`}
                value={line.quantity}
                invalid={lineErrors[line.product_id] !== undefined}
                onChange={({ detail }) => onQuantity(line.product_id, detail.value)}
              />
            </div>
          </FormField>
        ),
      },
      {
        id: 'amount',
        header: 'Amount',
        cell: (line) => {
          const amount = lineAmount(line);
          return amount === undefined ? '-' : formatNaira(figureOf(amount));
        },
      },
      {
        id: 'remove',
        header: 'Remove',
        cell: (line) => (
          <Button
            variant="icon"
            iconName="remove"
            ariaLabel={`Remove ${line.name} from the cart`}
            onClick={() => onRemove(line.product_id)}
          />
        ),
      },
    ],
    [lineErrors, onQuantity, onRemove],
  );

  const paying = checkout.payment_method === 'SAVINGS';
  const byPayroll = checkout.payment_method === 'PAYROLL';
  const methods = ESHOP_PAYMENT_METHODS.filter((method) => method !== 'PAYROLL' || (payrollMaxMonths ?? 0) > 0);
  const monthOptions = Array.from({ length: payrollMaxMonths ?? 0 }, (_, i) => ({
    value: String(i + 1),
    label: `${i + 1} month${i === 0 ? '' : 's'}`,
  }));
  const split = installmentAmounts(cartTotal(cart), Number(checkout.payroll_months));
  return (
    <SpaceBetween size="l">
      <Table<CartLine>
        variant="container"
        ariaLabels={{ tableLabel: 'Cart' }}
        trackBy="product_id"
        wrapLines
        items={[...cart]}
        columnDefinitions={columns}
        header={<Header counter={cart.length ? `(${cart.length})` : undefined}>Cart</Header>}
        footer={
          <Box float="right" fontSize="heading-m" fontWeight="bold">
            Total <output aria-label="Cart total">{total}</output>
          </Box>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            <b>Your cart is empty</b>
            <Box variant="p" color="inherit">
              Add products from the list to order them.
            </Box>
          </Box>
        }
      />
      <Container header={<Header variant="h2">Checkout</Header>}>
        <form
          aria-label="Checkout"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onPlace();
          }}
        >
          <SpaceBetween size="m">
            <FormField label="Payment method" errorText={fieldErrors.payment_method}>
              <RadioGroup
                ariaLabel="Payment method"
                value={checkout.payment_method}
                items={methods.map((method: EshopPaymentMethod) => ({
                  value: method,
                  label: ESHOP_PAYMENT_METHOD_LABELS[method],
                }))}
                onChange={({ detail }) => onCheckout('payment_method', detail.value)}
              />
            </FormField>
            {paying && (
              <FormField
                label="Savings plan"
                description="The order's total is held on this plan until the order is delivered or cancelled."
                errorText={fieldErrors.savings_id}
              >
                <Select
                  ariaLabel="Savings plan"
                  triggerVariant="option"
                  selectedOption={options.find((option) => option.value === checkout.savings_id) ?? null}
                  options={options}
                  placeholder="Select a savings plan"
                  statusType={plansLoading ? 'loading' : 'finished'}
                  loadingText="Loading your savings plans"
                  empty="You have no active savings plan"
                  invalid={fieldErrors.savings_id !== undefined}
                  onChange={({ detail }) => onCheckout('savings_id', detail.selectedOption.value ?? '')}
                />
              </FormField>
            )}
            {byPayroll && (
              <FormField
                label="Months of salary"
                description="Deducted from your salary in equal monthly installments, from the month after delivery."
                constraintText={
                  split &&
                  `${checkout.payroll_months} monthly installment${checkout.payroll_months === '1' ? '' : 's'} of ${
                    split.low === split.high
                      ? formatNaira(split.low)
                      : `${formatNaira(split.low)} to ${formatNaira(split.high)}`
                  }`
                }
                errorText={fieldErrors.payroll_months}
              >
                <Select
                  ariaLabel="Months of salary"
                  selectedOption={monthOptions.find((option) => option.value === checkout.payroll_months) ?? null}
                  options={monthOptions}
                  placeholder="Select the number of months"
                  invalid={fieldErrors.payroll_months !== undefined}
                  onChange={({ detail }) => onCheckout('payroll_months', detail.selectedOption.value ?? '')}
                />
              </FormField>
            )}
            <FormField label="Delivery address - optional" errorText={fieldErrors.delivery_address}>
              <Textarea
                ariaLabel="Delivery address"
                rows={2}
                value={checkout.delivery_address}
                invalid={fieldErrors.delivery_address !== undefined}
                onChange={({ detail }) => onCheckout('delivery_address', detail.value)}
              />
            </FormField>
            <FormField label="Note - optional" errorText={fieldErrors.note}>
              <Textarea
                ariaLabel="Note"
                rows={2}
                value={checkout.note}
                invalid={fieldErrors.note !== undefined}
                onChange={({ detail }) => onCheckout('note', detail.value)}
              />
            </FormField>
            {refusal && (
              <Alert type="error" header={refusal.header}>
                {refusal.messages.length === 1 ? (
                  refusal.messages[0]
                ) : (
                  <ul>
                    {refusal.messages.map((message) => (
                      <li key={message}>{message}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
            <Box float="right">
              <Button variant="primary" formAction="submit" loading={placing} disabled={cart.length === 0}>
                Place order
              </Button>
            </Box>
          </SpaceBetween>
        </form>
      </Container>
    </SpaceBetween>
  );
}
