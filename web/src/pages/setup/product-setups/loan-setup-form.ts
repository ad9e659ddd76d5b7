import { ACCRUAL_TYPES, CHARGE_TYPES, LOAN_SOURCES, TENURE_TYPES } from '@coopledger/shared/schemas/setup';
import type { FormValues } from '../../../api/entities';
import type { Choice, FieldDef } from '../../../components/crud/field-defs';

const choices = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));
const YES_NO: Choice[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

interface LoanChoices {
  products: { options: Choice[]; loading: boolean };
  charges: { options: Choice[]; loading: boolean };
  gl: { options: Choice[]; loading: boolean };
  methods: { options: Choice[]; loading: boolean };
  chargeAmount: (chargeId: string) => Partial<FormValues>;
}

/** Every field of a loan setup, in the order of the spec's form. */
export function loanSetupFields({ products, charges, gl, methods, chargeAmount }: LoanChoices): FieldDef[] {
  const glField = (name: string, label: string): FieldDef => ({
    name,
    label,
    kind: 'select',
    options: gl.options,
    loading: gl.loading,
  });
  return [
    { name: 'product_id', label: 'Product type', kind: 'select', options: products.options, loading: products.loading },
    { name: 'name', label: 'Name' },
    { name: 'tenure', label: 'Tenure', kind: 'number' },
    { name: 'tenure_type', label: 'Tenure type', kind: 'select', options: choices(TENURE_TYPES), initial: 'Month(s)' },
    { name: 'min_int_rate', label: 'Minimum interest rate (%)', kind: 'number' },
    { name: 'max_int_rate', label: 'Maximum interest rate (%)', kind: 'number' },
    { name: 'upfront', label: 'Upfront (%)', kind: 'number', initial: '0' },
    { name: 'source', label: 'Source', kind: 'select', options: choices(LOAN_SOURCES), initial: 'Internal' },
    { name: 'penal_charge', label: 'Penal charge', kind: 'number', initial: '0' },
    { name: 'penal_type', label: 'Penal type', kind: 'select', options: choices(CHARGE_TYPES), initial: 'None' },
    {
      name: 'charge_id',
      label: 'Charge',
      kind: 'select',
      options: charges.options,
      loading: charges.loading,
      derive: chargeAmount,
    },
    {
      name: 'charge_type',
      label: 'Charge type',
      kind: 'select',
      options: choices(CHARGE_TYPES),
      initial: 'Percentage',
    },
    { name: 'charge_amount', label: 'Charge amount', kind: 'number' },
    {
      name: 'calculation_method_id',
      label: 'Calculation method',
      kind: 'select',
      options: methods.options,
      loading: methods.loading,
    },
    { name: 'date_of_engagement', label: 'Date of engagement required', kind: 'select', options: YES_NO, initial: '0' },
    { name: 'lien', label: 'Lien', kind: 'select', options: YES_NO, initial: '0' },
    { name: 'lien_amount', label: 'Lien amount (₦)', kind: 'number', initial: '0' },
    { name: 'interest_accrual', label: 'Interest accrual', kind: 'select', options: YES_NO, initial: '0' },
    {
      name: 'accrual_type',
      label: 'Accrual type',
      kind: 'select',
      options: choices(ACCRUAL_TYPES),
      initial: 'Monthly',
    },
    { name: 'max_loan_multiple', label: 'Max. loan (times savings balance)', kind: 'number' },
    { name: 'max_guarantees', label: 'Max. loans a member may guarantee', kind: 'number' },
    glField('principal_gl', 'Principal GL'),
    glField('interest_receivable_gl', 'Interest receivable GL'),
    glField('loan_write_off_gl', 'Loan write-off GL'),
    glField('source_account', 'Source account GL'),
    { name: 'status', label: 'Status', kind: 'status' },
  ];
}

const INTEGERS = [
  'calculation_method_id',
  'tenure',
  'min_int_rate',
  'max_int_rate',
  'penal_charge',
  'status',
  'date_of_engagement',
  'lien',
  'interest_accrual',
  'max_guarantees',
];
const DECIMALS = ['charge_amount', 'upfront', 'max_loan_multiple'];
/** Numeric ids (the calculation method) become integers; setup and GL ids are text and stay so. */
const NUMERIC_ID = /^\d+$/;

/** The loan form's body: whole numbers as integers and the charge amount as a decimal, as the API expects. */
export function loanSetupBody(values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  for (const name of INTEGERS)
    if (values[name] !== undefined && values[name] !== '') body[name] = Number.parseInt(values[name], 10);
  for (const name of DECIMALS)
    if (values[name] !== undefined && values[name] !== '') body[name] = Number.parseFloat(values[name]);
  for (const name of ['product_id', 'charge_id'])
    if (NUMERIC_ID.test(values[name] ?? '')) body[name] = Number.parseInt(values[name] ?? '', 10);
  return body;
}
