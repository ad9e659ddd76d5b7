import ColumnLayout from '@cloudscape-design/components/column-layout';
import { headOfficeTargetsSchema } from '@coopledger/shared/schemas/dividends';
import { errorMessage } from '../../api/api-error';
import type { HeadOfficeSummaryView, HeadOfficeTargetsParams } from '../../api/dividends';
import { useSaveHeadOfficeTargets } from '../../api/dividends';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { FormModal } from '../../components/forms/form-modal';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';

type TargetField = Exclude<keyof HeadOfficeTargetsParams, 'year'>;
const FIELDS: { name: TargetField; label: string; description: string }[] = [
  {
    name: 'savings_mobilised',
    label: 'Savings mobilised (₦)',
    description: "Credited to members' savings in the year",
  },
  { name: 'loans_disbursed', label: 'Loans disbursed (₦)', description: 'Lent to members in the year' },
  { name: 'new_members', label: 'New members', description: 'Members who join in the year' },
  { name: 'surplus', label: 'Surplus (₦)', description: 'Income less expenses of the year' },
];

/** The form's values from the targets saved (as text), or blanks before any. */
function valuesOf(summary: HeadOfficeSummaryView): HeadOfficeTargetsParams {
  const targets = summary.targets;
  return {
    year: summary.year,
    savings_mobilised: targets ? String(targets.savings_mobilised) : '',
    loans_disbursed: targets ? String(targets.loans_disbursed) : '',
    new_members: targets ? String(targets.new_members) : '',
    surplus: targets ? String(targets.surplus) : '',
  };
}

/** Set targets: a year's four targets (0 for a measure without one), checked by the server's own schema. */
export function HeadOfficeTargetsModal({ summary, onClose }: { summary: HeadOfficeSummaryView; onClose: () => void }) {
  const save = useSaveHeadOfficeTargets();
  const { control, handleSubmit, setError } = useZodForm<HeadOfficeTargetsParams>(headOfficeTargetsSchema, {
    keepValues: true,
    defaultValues: valuesOf(summary),
  });
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (envelope) => {
        notificationsStore.notify('success', envelope.message);
        onClose();
      },
      onError: (error) =>
        applyFieldErrors(error, setError, ['savings_mobilised', 'loans_disbursed', 'new_members', 'surplus']),
    }),
  );
  return (
    <FormModal
      header={`Set targets for ${summary.year}`}
      onDismiss={onClose}
      onSubmit={() => void submit()}
      submitText="Save targets"
      pending={save.isPending}
      error={save.error ? errorMessage(save.error) : null}
    >
      <ColumnLayout columns={2}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            control={control}
            name={field.name}
            label={field.label}
            description={field.description}
            type="number"
          />
        ))}
      </ColumnLayout>
    </FormModal>
  );
}
