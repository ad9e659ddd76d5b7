/**
 * Reference data served by the lookup routes. It changes rarely and is the same for every
 * cooperative, so it ships with the code instead of living in the table.
 */
export interface Bank {
  id: number;
  name: string;
  /** CBN bank code. */
  code: string;
}

export const BANKS: readonly Bank[] = [
  ['Access Bank', '044'],
  ['Citibank Nigeria', '023'],
  ['Ecobank Nigeria', '050'],
  ['Fidelity Bank', '070'],
  ['First Bank of Nigeria', '011'],
  ['First City Monument Bank', '214'],
  ['Globus Bank', '103'],
  ['Guaranty Trust Bank', '058'],
  ['Jaiz Bank', '301'],
  ['Keystone Bank', '082'],
  ['Kuda Microfinance Bank', '50211'],
  ['Lotus Bank', '303'],
  ['Moniepoint Microfinance Bank', '50515'],
  ['OPay Digital Services', '999992'],
  ['Optimus Bank', '107'],
  ['PalmPay', '999991'],
  ['Parallex Bank', '104'],
  ['Polaris Bank', '076'],
  ['PremiumTrust Bank', '105'],
  ['Providus Bank', '101'],
  ['Signature Bank', '106'],
  ['Stanbic IBTC Bank', '221'],
  ['Standard Chartered Bank', '068'],
  ['Sterling Bank', '232'],
  ['SunTrust Bank', '100'],
  ['TAJBank', '302'],
  ['Titan Trust Bank', '102'],
  ['Union Bank of Nigeria', '032'],
  ['United Bank for Africa', '033'],
  ['Unity Bank', '215'],
  ['VFD Microfinance Bank', '566'],
  ['Wema Bank', '035'],
  ['Zenith Bank', '057'],
].map(([name, code], index) => ({ id: index + 1, name: name, code: code }));

/** ISO 3166-1 alpha-2 codes; names come from Intl so they stay correct without a table of names. */
const COUNTRY_CODES =
  'AF AL DZ AD AO AG AR AM AU AT AZ BS BH BD BB BY BE BZ BJ BT BO BA BW BR BN BG BF BI CV KH CM CA CF TD CL CN CO KM CG CD CR CI HR CU CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FJ FI FR GA GM GE DE GH GR GD GT GN GW GY HT HN HU IS IN ID IR IQ IE IL IT JM JP JO KZ KE KI KW KG LA LV LB LS LR LY LI LT LU MG MW MY MV ML MT MH MR MU MX FM MD MC MN ME MA MZ MM NA NR NP NL NZ NI NE NG KP MK NO OM PK PW PA PG PY PE PH PL PT QA RO RU RW KN LC VC WS SM ST SA SN RS SC SL SG SK SI SB SO ZA KR SS ES LK SD SR SE CH SY TW TJ TZ TH TL TG TO TT TN TR TM TV UG UA AE GB US UY UZ VU VE VN YE ZM ZW'.split(
    ' ',
  );

export interface Country {
  id: string;
  name: string;
}

export function countries(): Country[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ id: code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

export interface State {
  id: string;
  name: string;
  country_id: string;
}

const STATES: Record<string, string[]> = {
  NG: [
    'Abia',
    'Adamawa',
    'Akwa Ibom',
    'Anambra',
    'Bauchi',
    'Bayelsa',
    'Benue',
    'Borno',
    'Cross River',
    'Delta',
    'Ebonyi',
    'Edo',
    'Ekiti',
    'Enugu',
    'Federal Capital Territory',
    'Gombe',
    'Imo',
    'Jigawa',
    'Kaduna',
    'Kano',
    'Katsina',
    'Kebbi',
    'Kogi',
    'Kwara',
    'Lagos',
    'Nasarawa',
    'Niger',
    'Ogun',
    'Ondo',
    'Osun',
    'Oyo',
    'Plateau',
    'Rivers',
    'Sokoto',
    'Taraba',
    'Yobe',
    'Zamfara',
  ],
  GH: [
    'Ahafo',
    'Ashanti',
    'Bono',
    'Bono East',
    'Central',
    'Eastern',
    'Greater Accra',
    'North East',
    'Northern',
    'Oti',
    'Savannah',
    'Upper East',
    'Upper West',
    'Volta',
    'Western',
    'Western North',
  ],
};

/** States of a country; an empty list for a country whose states are not listed. */
export function statesOf(countryId: string): State[] {
  const code = countryId.toUpperCase();
  return (STATES[code] ?? []).map((name) => ({
    id: `${code}-${name.toUpperCase().replace(/[^A-Z]+/g, '-')}`,
    name,
    country_id: code,
  }));
}

export const CALCULATION_METHODS = [
  { id: 1, name: 'Flat Rate', code: 'FLAT' },
  { id: 2, name: 'Reducing Balance (Equal Installments)', code: 'REDUCING_EQUAL_INSTALLMENT' },
  { id: 3, name: 'Reducing Balance (Equal Principal)', code: 'REDUCING_EQUAL_PRINCIPAL' },
] as const;

export const PAYMENT_MODES = [
  { id: 1, name: 'Cash' },
  { id: 2, name: 'Bank Transfer' },
  { id: 3, name: 'Cheque' },
  { id: 4, name: 'Salary Deduction' },
  { id: 5, name: 'Card / POS' },
] as const;

/** The payment mode of money paid in cash (PAYMENT_MODES). */
export const PAYMENT_MODE_CASH = 1;

/**
 * The `bank_id` of a deposit or withdrawal approval that names no bank account but the chart's Cash in
 * Hand account (purpose cash): allowed for an order whose payment mode is Cash only.
 */
export const CASH_IN_HAND = 'cash-in-hand';

/**
 * Loan offset modes (served by `GET /cooperative/loan-offset/mode`): where the money comes from.
 * Mode 1 is received into one of the cooperative's bank accounts (the form asks for it); mode 2 is
 * taken from the member's own savings, within the available balance (balance - lien).
 */
export const LOAN_OFFSET_MODES = [
  { id: 1, name: 'Bank', code: 'BANK' },
  { id: 2, name: 'Savings', code: 'SAVINGS' },
] as const;

/**
 * Loan offset types (served by `GET /cooperative/loan-offset/type`), docs/decisions.md "Loan offsets":
 *  - 1 Partial Offset: pays part of the loan and spreads what is left over at most the installments
 *    the loan still had; the loan ends no later than it would have (the tenure defaults to them).
 *  - 2 Full Offset: pays the payoff amount on the date (engine `payoffQuote`) and completes the loan.
 *  - 3 Partial Offset and Restructure: pays part and re-amortises what is left over a new tenure,
 *    which may be longer than the installments left (the loan is rescheduled).
 */
export const LOAN_OFFSET_TYPES = [
  { id: 1, name: 'Partial Offset', code: 'PARTIAL' },
  { id: 2, name: 'Full Offset', code: 'FULL' },
  { id: 3, name: 'Partial Offset and Restructure', code: 'RESTRUCTURE' },
] as const;
