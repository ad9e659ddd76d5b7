import type { Control } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { today } from '@coopledger/shared/dates';
import { stockAdjustmentSchema, stockDamageSchema, stockReceiptSchema } from '@coopledger/shared/schemas/eshop';
import { errorMessage } from '../../api/api-error';
import type { StockChangeBody, StockReceiptBody, StockView } from '../../api/eshop-stock';
import { useAdjustStock, useReceiveStock, useWriteOffDamage } from '../../api/eshop-stock';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { DateField } from '../../components/forms/date-field';
import { FormModal } from '../../components/forms/form-modal';
import { TextField } from '../../components/forms/text-field';
import { TextareaField } from '../../components/forms/textarea-field';
import { useZodForm } from '../../forms/zod-form';
import { notAfterToday } from '../../format/dates';
import { ProductField } from './product-field';
import { receiptValue } from './stock-format';

/** A receipt as typed: every field text, the reference optional. */
interface ReceiptValues {
  product_id: string;
  quantity: string;
  unit_cost: string;
  supplier: string;
  date: string;
  bank_id: string;
  reference: string;
}

const RECEIPT_FIELDS = ['product_id', 'quantity', 'unit_cost', 'supplier', 'date', 'bank_id', 'reference'] as const;

interface StockModalProps {
  /** The product the form was opened for (a row's action); none from the page's button. */
  product: StockView | null;
  onClose: () => void;
}

/** The figure a receipt adds to the stock's value, as the reader types. */
function ReceiptValue({ control }: { control: Control<ReceiptValues> }) {
  const [quantity, unitCost] = useWatch({ control, name: ['quantity', 'unit_cost'] });
  const value = receiptValue(quantity, unitCost);
  return value ? (
    <Box data-testid="receipt-value">
      Value received: <b>{value}</b>
    </Box>
  ) : null;
}

function ReceiveStockForm({ product, onClose }: StockModalProps) {
  const receive = useReceiveStock();
  const { control, handleSubmit, setError } = useZodForm<ReceiptValues>(stockReceiptSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: {
      product_id: product?.product_id ?? '',
      quantity: '',
      unit_cost: '',
      supplier: '',
      date: today(),
      bank_id: '',
      reference: '',
    },
  });
  const submit = handleSubmit((values) => {
    const body: StockReceiptBody = { ...values, reference: values.reference.trim() || undefined };
    receive.mutate(body, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
      },
      onError: (error) => applyFieldErrors(error, setError, RECEIPT_FIELDS),
    });
  });
  return (
    <FormModal
      header="Receive stock"
      size="large"
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Receive stock"
      pending={receive.isPending}
      error={receive.error ? errorMessage(receive.error) : null}
    >
      <ProductField control={control} name="product_id" initial={product} />
      <ColumnLayout columns={2}>
        <TextField control={control} name="quantity" label="Quantity" type="number" />
        <TextField
          control={control}
          name="unit_cost"
          label="Unit cost (₦)"
          description="What one item cost"
          type="number"
        />
        <TextField control={control} name="supplier" label="Supplier" />
        <DateField control={control} name="date" label="Date" isDateEnabled={notAfterToday} />
        <BankAccountField control={control} name="bank_id" description="The account the supplier was paid from" />
        <TextField control={control} name="reference" label="Reference" description="An invoice or receipt number" />
      </ColumnLayout>
      <ReceiptValue control={control} />
    </FormModal>
  );
}

/** Receive stock: items bought from a supplier at a unit cost, paid from a bank account (Dr Inventory, Cr bank). */
export function ReceiveStockModal({ visible, ...props }: StockModalProps & { visible: boolean }) {
  return visible ? <ReceiveStockForm {...props} /> : null;
}

/** An adjustment or a damage as typed. */
interface ChangeValues {
  product_id: string;
  quantity: string;
  reason: string;
  date: string;
}

const CHANGE_FIELDS = ['product_id', 'quantity', 'reason', 'date'] as const;

export type StockChangeKind = 'adjustment' | 'damage';

const CHANGE_COPY: Record<
  StockChangeKind,
  { header: string; submit: string; quantity: string; quantityHint: string; reasonHint: string }
> = {
  adjustment: {
    header: 'Adjust count',
    submit: 'Adjust count',
    quantity: 'Change in quantity',
    quantityHint: 'Items found more (7) or fewer (-3) than the books; priced at the average cost',
    reasonHint: 'Why the count differs',
  },
  damage: {
    header: 'Write off damaged stock',
    submit: 'Write off',
    quantity: 'Quantity damaged',
    quantityHint: 'Taken out at the average cost, against the Inventory loss account',
    reasonHint: 'What happened to the items',
  },
};

function StockChangeForm({ kind, product, onClose }: StockModalProps & { kind: StockChangeKind }) {
  const copy = CHANGE_COPY[kind];
  const adjust = useAdjustStock();
  const writeOff = useWriteOffDamage();
  const change = kind === 'damage' ? writeOff : adjust;
  const { control, handleSubmit, setError } = useZodForm<ChangeValues>(
    kind === 'damage' ? stockDamageSchema : stockAdjustmentSchema,
    {
      keepValues: true,
      blankIsMissing: true,
      defaultValues: { product_id: product?.product_id ?? '', quantity: '', reason: '', date: today() },
    },
  );
  const submit = handleSubmit((values: StockChangeBody) =>
    change.mutate(values, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
      },
      onError: (error) => applyFieldErrors(error, setError, CHANGE_FIELDS),
    }),
  );
  return (
    <FormModal
      header={copy.header}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText={copy.submit}
      pending={change.isPending}
      error={change.error ? errorMessage(change.error) : null}
    >
      <ProductField control={control} name="product_id" initial={product} />
      <ColumnLayout columns={2}>
        <TextField
          control={control}
          name="quantity"
          label={copy.quantity}
          description={copy.quantityHint}
          type="number"
        />
        <DateField control={control} name="date" label="Date" isDateEnabled={notAfterToday} />
      </ColumnLayout>
      <TextareaField control={control} name="reason" label="Reason" description={copy.reasonHint} rows={2} />
    </FormModal>
  );
}

/** Adjust count (a signed change) or write off damaged stock (how many), with the reason and the date. */
export function StockChangeModal({ visible, ...props }: StockModalProps & { kind: StockChangeKind; visible: boolean }) {
  return visible ? <StockChangeForm {...props} /> : null;
}
