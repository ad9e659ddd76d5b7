import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import type { Control, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import { payrollPeriodSchema, payrollUploadSchema } from '@coopledger/shared/schemas/payroll';
import { ApiError, errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import type { PayrollRunView } from '../../api/payroll';
import { downloadPayroll, useUploadPayroll } from '../../api/payroll';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { DateField } from '../../components/forms/date-field';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';
import { REPAYMENT_TYPE_CHOICES, monthEndOf, payrollFileError } from './payroll-helpers';
import { useZodForm } from '../../forms/zod-form';

const PERIOD_FIELDS = ['start_date', 'end_date', 'repayment_type'] as const;
const UPLOAD_FIELDS = [...PERIOD_FIELDS, 'bank_id'] as const;

const emptyPeriod = (): FormValues => ({ start_date: '', end_date: '', repayment_type: '' });

const periodOf = (values: FormValues) => ({
  start_date: values.start_date ?? '',
  end_date: values.end_date ?? '',
  repayment_type: (values.repayment_type ?? '') as PayrollRepaymentType,
});

function RepaymentTypeField({ control }: { control: Control<FormValues> }) {
  return (
    <Controller
      control={control}
      name="repayment_type"
      render={({ field, fieldState }) => (
        <FormField
          label="Repayment type"
          description="Salary or other deductions"
          errorText={fieldState.error?.message}
        >
          <Select
            ariaLabel="Repayment type"
            placeholder="Select repayment type"
            selectedOption={REPAYMENT_TYPE_CHOICES.find((choice) => choice.value === field.value) ?? null}
            options={REPAYMENT_TYPE_CHOICES}
            onChange={({ detail }) => field.onChange(detail.selectedOption.value ?? '')}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

/** A payroll covers a month: choosing the start date fills in its month's last day when no end date is set. */
function useMonthEnd(
  control: Control<FormValues>,
  getValues: UseFormGetValues<FormValues>,
  setValue: UseFormSetValue<FormValues>,
) {
  const start = useWatch({ control, name: 'start_date' });
  useEffect(() => {
    const end = monthEndOf(start ?? '');
    if (end && !getValues('end_date')) setValue('end_date', end, { shouldValidate: true });
  }, [start, getValues, setValue]);
}

/** The period's three fields, as separate children so that a ColumnLayout gives each its own cell. */
const periodFields = (control: Control<FormValues>) => [
  <DateField
    key="start_date"
    control={control}
    name="start_date"
    label="Start date"
    description="The first day of the month"
  />,
  <DateField
    key="end_date"
    control={control}
    name="end_date"
    label="End date"
    description="The last day of the month"
  />,
  <RepaymentTypeField key="repayment_type" control={control} />,
];

/**
 * Download Monthly Payroll: what each member owes for the period and repayment type, one row a
 * member, with the Amount Deducted column to fill in. A refused download keeps the form as it is
 * and says why, as the other download buttons do.
 */
export function DownloadPayrollForm() {
  const [downloading, setDownloading] = useState(false);
  const { control, handleSubmit, setError, getValues, setValue } = useZodForm<FormValues>(payrollPeriodSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: emptyPeriod(),
  });
  useMonthEnd(control, getValues, setValue);

  const submit = handleSubmit(async (values) => {
    setDownloading(true);
    try {
      await downloadPayroll(periodOf(values));
    } catch (error) {
      console.error('Payroll download failed', error);
      if (!applyFieldErrors(error, setError, PERIOD_FIELDS)) notificationsStore.notify('error', errorMessage(error));
    } finally {
      setDownloading(false);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Download Monthly Payroll">
      <Container
        header={
          <Header
            variant="h2"
            description="The members' savings and loan installments due in the period, to send to the employer"
          >
            Download Monthly Payroll
          </Header>
        }
      >
        <Form
          actions={
            <Button variant="primary" iconName="download" formAction="submit" loading={downloading}>
              Download
            </Button>
          }
        >
          <ColumnLayout columns={3}>{periodFields(control)}</ColumnLayout>
        </Form>
      </Container>
    </form>
  );
}

/**
 * Upload Monthly Payroll: the downloaded file with the amounts the employer deducted, and the bank
 * account the remittance was paid into. The file is checked first, then the other fields; a
 * period already posted, or being posted, is refused with the server's message.
 */
export function UploadPayrollForm({ onStarted }: { onStarted: (run: PayrollRunView) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadPayroll();
  const { control, handleSubmit, setError, getValues, setValue } = useZodForm<FormValues>(payrollUploadSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: { ...emptyPeriod(), bank_id: '' },
  });
  useMonthEnd(control, getValues, setValue);

  const chooseFiles = (next: File[]) => {
    setFiles(next);
    if (fileError) setFileError(payrollFileError(next));
  };

  const send = (values: FormValues, file: File) =>
    upload.mutate(
      { ...periodOf(values), bank_id: values.bank_id ?? '', file },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('info', envelope.message);
          setFiles([]);
          onStarted(envelope.data);
        },
        onError: (error) => {
          const fileMessage = error instanceof ApiError ? error.fieldErrors.file : undefined;
          if (fileMessage) setFileError(fileMessage);
          if (!applyFieldErrors(error, setError, UPLOAD_FIELDS) && !fileMessage)
            notificationsStore.notify('error', errorMessage(error));
        },
      },
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const problem = payrollFileError(files);
    setFileError(problem);
    void handleSubmit((values) => {
      const file = files[0];
      if (!problem && file) send(values, file);
    })(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Upload Monthly Payroll">
      <Container
        header={
          <Header variant="h2" description="The downloaded file with the Amount Deducted column filled in">
            Upload Monthly Payroll
          </Header>
        }
      >
        <Form
          actions={
            <Button variant="primary" iconName="upload" formAction="submit" loading={upload.isPending}>
              Upload
            </Button>
          }
        >
          <SpaceBetween size="l">
            <FormField
              label="Payroll file (.xlsx)"
              description="Drop one file here or choose it"
              errorText={fileError ?? undefined}
            >
              <SingleFileUpload files={files} onChange={chooseFiles} accept={spreadsheetAccept(false)} />
            </FormField>
            <ColumnLayout columns={2}>
              {periodFields(control)}
              <BankAccountField
                control={control}
                name="bank_id"
                description="The account the employer paid the deductions into"
              />
            </ColumnLayout>
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
