import { useEffect, useMemo, useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { Controller } from 'react-hook-form';
import { approvalRulesSchema } from '@coopledger/shared/schemas/approval-rules';
import { errorMessage } from '../../api/api-error';
import type { ApprovalRulesBody, ApprovalRulesView } from '../../api/approval-rules';
import { maySaveApprovalRules, useApprovalRules, useSaveApprovalRules } from '../../api/approval-rules';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { TextField } from '../../components/forms/text-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDateTime } from '../../format/dates';
import { formatNaira } from '../../format/money';
import { useRequiredSession } from '../../session/use-session';
import { SetupPage } from './setup-page';

const CREATOR_RULE = 'The person who created an order or a loan cannot approve it';
const THRESHOLD = 'Two approvals above';
const THRESHOLD_HELP =
  'A deposit, withdrawal or loan of more than this amount needs approvals from two different people. Leave blank for one approval.';

const lastSaved = (rules: ApprovalRulesView | undefined) =>
  rules?.updated_by && rules.updated_at
    ? `Last saved by ${rules.updated_by} on ${formatDateTime(rules.updated_at)}`
    : 'The defaults apply until an admin saves the rules.';

const valuesOf = (rules: ApprovalRulesView | undefined): ApprovalRulesBody => ({
  creator_cannot_approve: rules?.creator_cannot_approve ?? true,
  second_approval_above: rules?.second_approval_above === null || !rules ? '' : String(rules.second_approval_above),
});

/**
 * /setup/approval-rules: the cooperative's four-eyes rules (docs/decisions.md "Four-eyes approvals").
 * Admins change them; accountants, who approve under them, read them.
 */
export function ApprovalRulesPage() {
  const session = useRequiredSession();
  const { data, isPending } = useApprovalRules();
  return (
    <SetupPage
      title="Approval rules"
      description="Who may approve deposits, withdrawals and loans: the four-eyes rules of this cooperative."
    >
      {maySaveApprovalRules(session.user.role_name) ? (
        <RulesForm rules={data} loading={isPending} />
      ) : (
        <Container
          header={
            <Header variant="h2" description={lastSaved(data)}>
              Rules
            </Header>
          }
        >
          <KeyValuePairs
            columns={2}
            items={[
              { label: CREATOR_RULE, value: data ? (data.creator_cannot_approve ? 'On' : 'Off') : 'Loading' },
              {
                label: THRESHOLD,
                value: data
                  ? data.second_approval_above === null
                    ? 'Never'
                    : formatNaira(data.second_approval_above)
                  : 'Loading',
              },
            ]}
          />
        </Container>
      )}
    </SetupPage>
  );
}

function RulesForm({ rules, loading }: { rules: ApprovalRulesView | undefined; loading: boolean }) {
  const initial = useMemo(() => valuesOf(rules), [rules]);
  const { control, handleSubmit, reset, setError } = useZodForm<ApprovalRulesBody>(approvalRulesSchema, {
    keepValues: true,
    defaultValues: initial,
  });
  useEffect(() => reset(initial), [initial, reset]);
  const save = useSaveApprovalRules();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
      onError: (error) =>
        setFormError(
          applyFieldErrors(error, setError, ['creator_cannot_approve', 'second_approval_above'])
            ? null
            : errorMessage(error),
        ),
    });
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Approval rules form">
      <Form
        errorText={formError ?? undefined}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending} disabled={loading}>
            Save
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description={lastSaved(rules)}>
              Rules
            </Header>
          }
        >
          <SpaceBetween size="l">
            <Controller
              control={control}
              name="creator_cannot_approve"
              render={({ field }) => (
                <FormField label="Creator and approver">
                  <Toggle checked={field.value} onChange={({ detail }) => field.onChange(detail.checked)}>
                    {CREATOR_RULE}
                  </Toggle>
                </FormField>
              )}
            />
            <TextField
              control={control}
              name="second_approval_above"
              label={`${THRESHOLD} (₦)`}
              description={THRESHOLD_HELP}
              type="number"
            />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
