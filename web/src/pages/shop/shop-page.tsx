import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import { SAVINGS_PLAN_STATUS } from '@coopledger/shared/statuses';
import { ApiError, errorMessage } from '../../api/api-error';
import type { MemberDetail } from '../../api/members';
import { useMemberPlans } from '../../api/savings';
import type { ShopProduct } from '../../api/shop';
import { usePlaceShopOrder, useStoreSettings } from '../../api/shop';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { useFollow } from '../../app/navigation/use-follow';
import { OwnMemberGate } from '../member-self/own-member-gate';
import type { Cart, Checkout, CheckoutField, PlacedMessages } from './cart';
import { addToCart, changeQuantity, orderBody, placeMessages, removeFromCart } from './cart';
import { CartPanel } from './cart-panel';
import { CatalogueTable } from './catalogue-table';

const MY_ORDERS = '/shop/orders';

/** The messages without the one about `key` (a line or field the member has just changed). */
function withoutKey<R extends Partial<Record<string, string>>>(record: R, key: keyof R): R {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

/**
 * The shop of a member: the catalogue, a cart kept on this page (gone on reload), and the checkout.
 * Placing an order sends products and quantities only: the server prices it, checks each line's
 * maximum and stock and the plan's available balance, and its messages come back to the line or
 * field they are about. A placed order empties the cart and leads to the member's orders.
 */
function Shop({ member }: { member: MemberDetail }) {
  const navigate = useNavigate();
  const plans = useMemberPlans(member.coop_id);
  const place = usePlaceShopOrder();
  const settings = useStoreSettings();
  const [cart, setCart] = useState<Cart>([]);
  const [checkout, setCheckout] = useState<Checkout>(() => ({
    payment_method: 'SAVINGS',
    savings_id: '',
    payroll_months: '',
    delivery_address: member.current_address ?? '',
    note: '',
  }));
  const activePlans = useMemo(
    () => (plans.data?.data ?? []).filter((plan) => plan.status === SAVINGS_PLAN_STATUS.ACTIVE),
    [plans.data],
  );
  // A member with one active plan pays from it unless they choose otherwise.
  const chosen: Checkout = {
    ...checkout,
    savings_id: checkout.savings_id || (activePlans.length === 1 ? activePlans[0].id : ''),
  };
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CheckoutField, string>>>({});
  const [refusal, setRefusal] = useState<{ header: string; messages: string[] } | null>(null);

  const onAdd = useCallback((product: ShopProduct, quantity: number) => {
    setCart((current) => addToCart(current, product, quantity));
    setLineErrors((errors) => withoutKey(errors, product.id));
  }, []);
  const onQuantity = useCallback((productId: string, quantity: string) => {
    setCart((current) => changeQuantity(current, productId, quantity));
    setLineErrors((errors) => withoutKey(errors, productId));
  }, []);
  const onRemove = useCallback((productId: string) => {
    setCart((current) => removeFromCart(current, productId));
    setLineErrors((errors) => withoutKey(errors, productId));
  }, []);
  const onCheckout = (field: CheckoutField, value: string) => {
    setCheckout((current) => ({ ...current, [field]: value }));
    setFieldErrors((errors) => withoutKey(errors, field));
  };

  const show = (messages: PlacedMessages, header: string, message?: string) => {
    setLineErrors(messages.lines);
    setFieldErrors(messages.fields);
    const marked = Object.keys(messages.lines).length + Object.keys(messages.fields).length > 0;
    const rest = messages.other.length > 0 ? messages.other : marked ? [] : [message ?? header];
    setRefusal({
      header,
      messages: marked ? [...rest, 'Please correct what is marked in the cart and the checkout.'] : rest,
    });
  };

  const onPlace = () => {
    const checked = orderBody(cart, chosen);
    if (!checked.body) {
      show(checked.messages, 'Your order is not complete');
      return;
    }
    const sent = cart;
    setRefusal(null);
    place.mutate(checked.body, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        setCart([]);
        setLineErrors({});
        setFieldErrors({});
        void navigate(MY_ORDERS);
      },
      onError: (error) => {
        const errors = error instanceof ApiError ? error.fieldErrors : {};
        show(placeMessages(errors, sent), 'Your order was not placed', errorMessage(error));
      },
    });
  };

  return (
    <Grid gridDefinition={[{ colspan: { default: 12, xl: 7 } }, { colspan: { default: 12, xl: 5 } }]}>
      <CatalogueTable cart={cart} onAdd={onAdd} />
      <CartPanel
        cart={cart}
        lineErrors={lineErrors}
        checkout={chosen}
        fieldErrors={fieldErrors}
        plans={activePlans}
        plansLoading={plans.isPending}
        payrollMaxMonths={settings.data?.payroll_max_months}
        refusal={refusal}
        placing={place.isPending}
        onQuantity={onQuantity}
        onRemove={onRemove}
        onCheckout={onCheckout}
        onPlace={onPlace}
      />
    </Grid>
  );
}

/** /shop: the store's catalogue, the member's cart and the checkout (members and executives). */
export function ShopPage() {
  const follow = useFollow();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Order from the cooperative's store, paid from your savings, from your salary or on delivery."
          actions={
            <Button href={MY_ORDERS} onFollow={follow}>
              My orders
            </Button>
          }
        >
          Shop
        </Header>
      }
    >
      <OwnMemberGate>{(member) => <Shop member={member} />}</OwnMemberGate>
    </ContentLayout>
  );
}
