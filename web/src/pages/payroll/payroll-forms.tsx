import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { Control, UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import { Controller, useWatch } from 'react-hook-form';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lastDayOfMonth } from '@coopledger/shared/dates';
import type { PayrollRepaymentType } from '@coopledger/shared/schemas/payroll';
import { payrollPeriodSchema, payrollUploadSchema } from '@coopledger/shared/schemas/payroll';
import { ApiError, errorMessage } from '../../api/api-error';
import type { FormValues } from '../../api/entities';
import type { PayrollFilePeriod, PayrollRunView } from '../../api/payroll';
import { downloadPayroll, inspectPayrollFile, useUploadPayroll } from '../../api/payroll';
import { notificationsStore } from '../../app/notifications/notifications-store';
import { applyFieldErrors } from '../../components/forms/apply-field-errors';
import { BankAccountField } from '../../components/forms/bank-account-field';
import { calendarLabel } from '../../components/forms/calendar-label';
import { DateField } from '../../components/forms/date-field';
import { SingleFileUpload, spreadsheetAccept } from '../../components/forms/single-file-upload';
import { REPAYMENT_TYPE_CHOICES, fileIdentityText, monthEndOf, payrollFileError } from './payroll-helpers';
import { useZodForm } from '../../forms/zod-form';

const PERIOD_FIELDS = ['start_date', 'end_date', 'repayment_type'] as const;
const UPLOAD_FIELDS = [...PERIOD_FIELDS, 'bank_id'] as const;

const emptyPeriod = (): FormValues => ({ start_date: '', end_date: '', repayment_type: '' });

const periodOf = (values: FormValues) => ({
  start_date: values.start_date ?? '',
  end_date: values.end_date ?? '',
  repayment_type: (values.repayment_type ?? '') as PayrollRepaymentType,
});

function RepaymentTypeField({ control, readOnly }: { control: Control<FormValues>; readOnly?: boolean }) {
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
            readOnly={readOnly}
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

/**
 * The period's three fields, as separate children so that a ColumnLayout gives each its own cell.
 * Read-only on the upload form, where the file names them.
 */
const periodFields = (control: Control<FormValues>, fromFile = false) => [
  <DateField
    key="start_date"
    control={control}
    name="start_date"
    label="Start date"
    description={fromFile ? 'Read from the file' : 'The first day of the month'}
    readOnly={fromFile}
  />,
  <DateField
    key="end_date"
    control={control}
    name="end_date"
    label="End date"
    description={fromFile ? 'Read from the file' : 'The last day of the month'}
    readOnly={fromFile}
  />,
  <RepaymentTypeField key="repayment_type" control={control} readOnly={fromFile} />,
];

/** A payroll covers a calendar month: choosing the month fills in its first and last day. */
function MonthField({ setValue }: { setValue: UseFormSetValue<FormValues> }) {
  const [month, setMonth] = useState('');
  const choose = (value: string) => {
    setMonth(value);
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setValue('start_date', `${value}-01`, { shouldValidate: true });
    setValue('end_date', lastDayOfMonth(`${value}-01`), { shouldValidate: true });
  };
  return (
    <FormField label="Month" description="Fills in the start and end dates">
      <DatePicker
        granularity="month"
        ariaLabel="Month"
        placeholder="YYYY/MM"
        value={month}
        openCalendarAriaLabel={calendarLabel('Month')}
        onChange={({ detail }) => choose(detail.value)}
      />
    </FormField>
  );
}

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
          <SpaceBetween size="l">
            <MonthField setValue={setValue} />
            <ColumnLayout columns={3}>{periodFields(control)}</ColumnLayout>
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}

/**
 * Upload Monthly Payroll: the downloaded file with the amounts the employer deducted, and the bank
 * account the remittance was paid into. The period and repayment type are read from the chosen
 * file (its Run sheet) and shown for confirmation, not typed again. The file is checked first, then
 * the other fields; a period already posted, or being posted, is refused with the server's message.
 */
export function UploadPayrollForm({ onStarted }: { onStarted: (run: PayrollRunView) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [identity, setIdentity] = useState<PayrollFilePeriod | null>(null);
  const [reading, setReading] = useState(false);
  const chosen = useRef<File | null>(null);
  const upload = useUploadPayroll();
  const { control, handleSubmit, setError, setValue, clearErrors } = useZodForm<FormValues>(payrollUploadSchema, {
    keepValues: true,
    blankIsMissing: true,
    defaultValues: { ...emptyPeriod(), bank_id: '' },
  });

  const showPeriod = (found: PayrollFilePeriod | null) => {
    setIdentity(found);
    clearErrors(PERIOD_FIELDS);
    for (const name of PERIOD_FIELDS) setValue(name, found?.[name] ?? '');
  };

  const chooseFiles = (next: File[]) => {
    setFiles(next);
    const problem = payrollFileError(next);
    const file = next[0];
    chosen.current = file ?? null;
    showPeriod(null);
    setFileError(problem && (fileError || file) ? problem : null);
    if (problem || !file) return;
    setReading(true);
    inspectPayrollFile(file)
      .then((found) => {
        if (chosen.current === file) showPeriod(found);
      })
      .catch((error: unknown) => {
        if (chosen.current !== file) return;
        const fileMessage = error instanceof ApiError ? error.fieldErrors.file : undefined;
        setFileError(fileMessage ?? errorMessage(error));
      })
      .finally(() => {
        if (chosen.current === file) setReading(false);
      });
  };

  const send = (values: FormValues, file: File) =>
    upload.mutate(
      { ...periodOf(values), bank_id: values.bank_id ?? '', file },
      {
        onSuccess: (envelope) => {
          notificationsStore.notify('info', envelope.message);
          chooseFiles([]);
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
    const problem = fileError ?? payrollFileError(files);
    setFileError(problem);
    void handleSubmit(
      (values) => {
        const file = files[0];
        if (!problem && file && identity) send(values, file);
      },
      // Until a file is read the period is not the person's to fill in: only the file is asked for.
      () => {
        if (!identity) clearErrors(PERIOD_FIELDS);
      },
    )(event);
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
            <Button
              variant="primary"
              iconName="upload"
              formAction="submit"
              loading={upload.isPending}
              disabled={reading}
            >
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
            {reading && <StatusIndicator type="loading">Reading the file</StatusIndicator>}
            {identity && (
              <Alert type="info" header="Check the file before you upload it" data-testid="payroll-file-identity">
                {fileIdentityText(identity)}
              </Alert>
            )}
            <ColumnLayout columns={2}>
              {periodFields(control, true)}
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
