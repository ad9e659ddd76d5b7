import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Alert from '@cloudscape-design/components/alert';
import { MAX_PAYROLL_MONTHS, eshopSettingsSchema } from '@coopledger/shared/schemas/eshop';
import type { EshopSettingsView } from '@coopledger/shared/eshop-views';
import { errorMessage } from '../../api/api-error';
import { mayChangeStoreSettings, useSaveStoreSettings, useStoreSettings } from '../../api/shop';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { SelectField } from '../../components/forms/select-field';
import { useZodForm } from '../../forms/zod-form';
import { formatDateTime } from '../../format/dates';
import { useRequiredSession } from '../../session/use-session';

/** 0 (not offered) to MAX_PAYROLL_MONTHS. */
const MONTHS = Array.from({ length: MAX_PAYROLL_MONTHS + 1 }, (_, n) => ({
  value: String(n),
  label: n === 0 ? 'Not offered' : `Up to ${n} month${n === 1 ? '' : 's'}`,
}));

export const monthsText = (months: number) => MONTHS[months]?.label ?? String(months);

function SettingsForm({ settings }: { settings: EshopSettingsView }) {
  const save = useSaveStoreSettings();
  const { control, handleSubmit, setError } = useZodForm<{ payroll_max_months: string }>(eshopSettingsSchema, {
    keepValues: true,
    defaultValues: { payroll_max_months: String(settings.payroll_max_months) },
  });
  const submit = handleSubmit((values) =>
    save.mutate(
      { payroll_max_months: Number(values.payroll_max_months) },
      {
        onSuccess: (envelope) => notificationsStore.notify('success', envelope.message),
        onError: (error) => applyFieldErrors(error, setError, ['payroll_max_months']),
      },
    ),
  );
  return (
    <form
      aria-label="Store settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            Save
          </Button>
        }
        errorText={save.error ? errorMessage(save.error) : undefined}
      >
        <SelectField
          control={control}
          name="payroll_max_months"
          label="Payroll deduction"
          description="The most months of salary a member may spread an order over. Orders already placed keep their months."
          options={MONTHS}
        />
      </Form>
    </form>
  );
}

/**
 * /e-shop/settings: how the store takes payment by payroll deduction. The cooperative's admins
 * change it; the store's other staff read it.
 */
export function EshopSettingsPage() {
  const session = useRequiredSession();
  const settings = useStoreSettings();
  const canChange = mayChangeStoreSettings(session.user.role_name);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="How members may pay for what they order from the store.">
          Store settings
        </Header>
      }
    >
      <Container header={<Header variant="h2">Payment by payroll deduction</Header>}>
        {settings.isPending ? (
          <Spinner size="large" />
        ) : settings.isError ? (
          <Alert type="error" header="The settings could not be loaded">
            {errorMessage(settings.error)}
          </Alert>
        ) : (
          <SpaceBetween size="l">
            <KeyValuePairs
              columns={2}
              items={[
                { label: 'Now', value: monthsText(settings.data.payroll_max_months) },
                {
                  label: 'Last changed',
                  value: settings.data.updated_at
                    ? `${formatDateTime(settings.data.updated_at)} by ${settings.data.updated_by ?? ''}`
                    : 'Never (the default)',
                },
              ]}
            />
            {canChange && <SettingsForm settings={settings.data} />}
          </SpaceBetween>
        )}
      </Container>
    </ContentLayout>
  );
}
