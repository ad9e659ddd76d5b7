import { useState } from 'react';
import Tabs from '@cloudscape-design/components/tabs';
import type { MemberDetail, MemberDetailType } from '../../../api/members';
import { DocumentsForm } from './documents-form';
import { ProfileSectionForm } from './profile-section-form';
import { ExitPanel } from './exit-panel';

interface Section {
  id: string;
  label: string;
  detailType: MemberDetailType;
}

// Staff see every part (spec: Edit Profile); a member's own screen has no bank tab (spec: self-service).
const STAFF_SECTIONS: readonly Section[] = [
  { id: 'staff', label: 'Staff Info', detailType: 'STAFF-INFO' },
  { id: 'work', label: 'Work', detailType: 'WORK-INFO' },
  { id: 'bank', label: 'Bank', detailType: 'BANK-INFO' },
  { id: 'nok', label: 'Next of Kin', detailType: 'NOK-INFO' },
  { id: 'emergency', label: 'Emergency', detailType: 'CONTACT-INFO' },
];
const SELF_SECTIONS: readonly Section[] = [
  { id: 'staff', label: 'Personal Info', detailType: 'STAFF-INFO' },
  { id: 'work', label: 'Work Info', detailType: 'WORK-INFO' },
  { id: 'nok', label: 'Next of Kin', detailType: 'NOK-INFO' },
  { id: 'emergency', label: 'Emergency Contact', detailType: 'CONTACT-INFO' },
];

/** The profile's parts as tabs, each saved on its own; `self` for a member's own record. */
export function EditProfileTabs({ member, self }: { member: MemberDetail; self: boolean }) {
  const [active, setActive] = useState('staff');
  const sections = self ? SELF_SECTIONS : STAFF_SECTIONS;
  return (
    <Tabs
      ariaLabel="Edit profile"
      activeTabId={active}
      onChange={({ detail }) => setActive(detail.activeTabId)}
      tabs={[
        ...sections.map((section) => ({
          id: section.id,
          label: section.label,
          content: (
            <ProfileSectionForm member={member} detailType={section.detailType} title={section.label} self={self} />
          ),
        })),
        { id: 'documents', label: 'Documents', content: <DocumentsForm member={member} /> },
        ...(self
          ? [{ id: 'leave', label: 'Leave the cooperative', content: <ExitPanel memberId={member.coop_id} self /> }]
          : []),
      ]}
    />
  );
}
