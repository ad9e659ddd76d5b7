import { useMemo } from 'react';
import { ACCOUNT_TYPES, GENDERS, MARITAL_STATUSES } from '@coopledger/shared/schemas/members';
import type { MemberDetailType, Named } from '../../../api/members';
import { usePlaceChoices } from '../place-choices';
import { ENDPOINTS } from '../../../api/setup-endpoints';
import type { Choice, FieldDef } from '../../../components/crud/field-defs';
import { useBankChoices, useRecordChoices } from '../../setup/use-choices';
import { ROLE_CHOICES } from '../member-wizard';

const fixed = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));
const LEVELS: Choice[] = Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: `Level ${i + 1}` }));
const departmentLabel = (d: Named) => d.name;

/**
 * The fields of one part of the profile, with their choices. `self`: a member editing their own
 * record, whose staff ID is read-only and whose role select is disabled (spec section 5).
 */
export function useProfileFields(detailType: MemberDetailType, self: boolean, countryId: string): FieldDef[] {
  const banks = useBankChoices();
  const { countries, states, countryOptions, stateOptions } = usePlaceChoices(
    detailType === 'STAFF-INFO' ? countryId : '',
  );
  const departments = useRecordChoices<Named & { id: string }>(
    ENDPOINTS.departments,
    departmentLabel,
    undefined,
    detailType === 'WORK-INFO',
  );

  return useMemo<FieldDef[]>(() => {
    switch (detailType) {
      case 'STAFF-INFO':
        return [
          { name: 'staff_id', label: 'Staff ID', readOnly: self },
          { name: 'firstname', label: 'First name' },
          { name: 'middlename', label: 'Middle name' },
          { name: 'lastname', label: 'Last name' },
          { name: 'email', label: 'Email', kind: 'email' },
          { name: 'phone', label: 'Phone' },
          { name: 'gender', label: 'Gender', kind: 'select', options: fixed(GENDERS) },
          { name: 'marital_status', label: 'Marital status', kind: 'select', options: fixed(MARITAL_STATUSES) },
          { name: 'dob', label: 'Date of birth', kind: 'date' },
          { name: 'religion', label: 'Religion' },
          {
            name: 'country_id',
            label: 'Country',
            kind: 'select',
            options: countryOptions,
            loading: countries.isPending,
            derive: () => ({ state_id: '' }),
          },
          {
            name: 'state_id',
            label: 'State',
            kind: 'select',
            options: stateOptions,
            loading: countryId !== '' && states.isPending,
            placeholder: countryId ? 'Choose state' : 'Choose a country first',
          },
          { name: 'current_address', label: 'Current address', kind: 'textarea' },
          { name: 'savings_amount', label: 'Monthly savings amount', kind: 'number', readOnly: self },
          { name: 'role_id', label: 'Member role', kind: 'select', options: ROLE_CHOICES, readOnly: self },
        ];
      case 'WORK-INFO':
        return [
          { name: 'level', label: 'Level', kind: 'select', options: LEVELS },
          {
            name: 'department_id',
            label: 'Department',
            kind: 'select',
            options: departments.options,
            loading: departments.loading,
          },
          { name: 'date_joined', label: 'Date joined', kind: 'date' },
          { name: 'official_email', label: 'Official email', kind: 'email' },
          { name: 'official_phone', label: 'Official phone' },
        ];
      case 'BANK-INFO':
        return [
          { name: 'bank_id', label: 'Bank', kind: 'select', options: banks.options, loading: banks.loading },
          { name: 'branch', label: 'Branch' },
          { name: 'account_type', label: 'Account type', kind: 'select', options: fixed(ACCOUNT_TYPES) },
          { name: 'account_no', label: 'Account number' },
          { name: 'account_name', label: 'Account name' },
          { name: 'sort_code', label: 'Sort code' },
        ];
      case 'NOK-INFO':
        return [
          { name: 'nok_name', label: 'Next of kin name' },
          { name: 'nok_address', label: 'Next of kin address' },
          { name: 'nok_phone', label: 'Next of kin phone' },
          { name: 'nok_email', label: 'Next of kin email', kind: 'email' },
        ];
      case 'CONTACT-INFO':
        return [
          { name: 'contact_name', label: 'Contact name' },
          { name: 'contact_address', label: 'Contact address' },
          { name: 'contact_phone', label: 'Contact phone' },
          { name: 'contact_email', label: 'Contact email', kind: 'email' },
        ];
    }
  }, [
    detailType,
    self,
    countryOptions,
    countries.isPending,
    stateOptions,
    countryId,
    states.isPending,
    departments.options,
    departments.loading,
    banks.options,
    banks.loading,
  ]);
}
