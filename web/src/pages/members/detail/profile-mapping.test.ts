import { describe, expect, it } from 'vitest';
import type { MemberDetail } from '../../../api/members';
import {
  detailPayload,
  documentProblem,
  formValuesOf,
  fullName,
  isDepositActivity,
  isPdfLink,
  memberFormPath,
  orNA,
} from './profile-mapping';

const member: MemberDetail = {
  id: 'DEMO0005',
  coop_id: 'DEMO0005',
  firstname: 'Ada',
  middlename: null,
  lastname: 'Obi',
  staff_id: 'STF104',
  email: 'ada.obi@demo.coop.example',
  phone: '08031000000',
  gender: 'Female',
  marital_status: 'Married',
  dob: '1990-04-02',
  religion: null,
  country_id: 'NG',
  state_id: 'NG-LAGOS',
  current_address: '16 Broad Street, Lagos',
  role_name: 'cooperative-member',
  role: { name: 'cooperative-member', display_name: 'Member' },
  savings_amount: 14000,
  status: 1,
  status_name: 'Approved',
  savings: [],
  workInfo: {
    level: 5,
    department_id: 'dep-1',
    date_joined: '2020-01-15',
    department: { id: 'dep-1', name: 'Finance' },
  },
  bankInfo: null,
  nokInfo: { name: 'Ngozi Obi', address: '2 Kin Close', phone: '08030000001', email: 'ngozi@example.com' },
  emergencyInfo: null,
  documents: { avatar: null, signature: null, reg_form: null },
  activity: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('member profile forms', () => {
  it('reads each part of the profile into the form, numbers as text and missing parts blank', () => {
    expect(formValuesOf(member, 'WORK-INFO')).toEqual({
      level: '5',
      department_id: 'dep-1',
      date_joined: '2020-01-15',
      official_email: '',
      official_phone: '',
    });
    expect(formValuesOf(member, 'NOK-INFO')).toEqual({
      nok_name: 'Ngozi Obi',
      nok_address: '2 Kin Close',
      nok_phone: '08030000001',
      nok_email: 'ngozi@example.com',
    });
    expect(formValuesOf(member, 'CONTACT-INFO')).toEqual({
      contact_name: '',
      contact_address: '',
      contact_phone: '',
      contact_email: '',
    });
    expect(formValuesOf(member, 'BANK-INFO').bank_id).toBe('');
    const staff = formValuesOf(member, 'STAFF-INFO');
    expect(staff.savings_amount).toBe('14000');
    expect(staff.middlename).toBe('');
    // A member without an added role shows their sign-in role.
    expect(staff.role_id).toBe('cooperative-member');
    expect(formValuesOf({ ...member, role_id: 'role-9' }, 'STAFF-INFO').role_id).toBe('role-9');
  });

  it('takes the department from the nested department when the id is missing', () => {
    const nested = { ...member, workInfo: { level: 2, department: { id: 'dep-7', name: 'Ops' } } };
    expect(formValuesOf(nested, 'WORK-INFO').department_id).toBe('dep-7');
  });

  it('sends only the part being saved, trimmed, with blanks left out', () => {
    const values = { ...formValuesOf(member, 'WORK-INFO'), official_phone: ' 0809 ', firstname: 'Not this part' };
    expect(detailPayload('WORK-INFO', values)).toEqual({
      level: '5',
      department_id: 'dep-1',
      date_joined: '2020-01-15',
      official_phone: '0809',
    });
  });

  it("shows 'N/A' for missing values and keeps zero", () => {
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA(null)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA(0)).toBe('0');
    expect(orNA('Finance')).toBe('Finance');
  });

  it('names the member without a blank middle name', () => {
    expect(fullName(member)).toBe('Ada Obi');
    expect(fullName({ ...member, middlename: 'Chi' })).toBe('Ada Chi Obi');
  });

  it('marks deposits in the activity timeline', () => {
    expect(isDepositActivity({ action: 'Created a deposit order', path: '/cooperative/transaction-order' })).toBe(true);
    expect(isDepositActivity({ action: 'Saved', path: '/cooperative/member/savings/deposit' })).toBe(true);
    expect(isDepositActivity({ action: 'Updated profile', path: '/cooperative/member/details/edit' })).toBe(false);
  });

  it('checks a document before upload with the server’s messages', () => {
    expect(documentProblem('avatar', { name: 'me.PNG', size: 100 })).toBeNull();
    expect(documentProblem('avatar', { name: 'me.jpeg', size: 100 })).toBeNull();
    expect(documentProblem('avatar', { name: 'form.pdf', size: 100 })).toBe(
      'The avatar must be a JPEG or PNG image (jpeg, jpg, png)',
    );
    expect(documentProblem('signature', { name: 'noextension', size: 100 })).toBe(
      'The signature must be a JPEG or PNG image (jpeg, jpg, png)',
    );
    expect(documentProblem('reg_form', { name: 'form.pdf', size: 100 })).toBeNull();
    expect(documentProblem('reg_form', { name: 'form.docx', size: 100 })).toBe(
      'The registration form must be a JPEG or PNG image or a PDF (jpeg, jpg, png, pdf)',
    );
    expect(documentProblem('avatar', { name: 'big.png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'The avatar must be at most 2 MB',
    );
    expect(documentProblem('avatar', { name: 'edge.png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(documentProblem('avatar', { name: 'empty.png', size: 0 })).toBe('The avatar is empty');
  });

  it('tells a PDF link from an image link and builds the edit path', () => {
    expect(isPdfLink('http://files/x/reg_form/abc.pdf?X-Amz-Signature=1')).toBe(true);
    expect(isPdfLink('http://files/x/avatar/abc.png?X-Amz-Signature=1')).toBe(false);
    expect(memberFormPath('DEMO0005')).toBe('/members?edit=DEMO0005#form');
  });
});
