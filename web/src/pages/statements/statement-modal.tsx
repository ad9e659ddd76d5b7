import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import { calendarLabel } from '../../components/forms/calendar-label';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { addMonths, today } from '@coopledger/shared/dates';
import { statementPeriodIssue } from '@coopledger/shared/statement-periods';
import { errorMessage } from '../../api/api-error';
import { ModalFooter } from '../../components/forms/modal-footer';
import type { StatementRequest } from '../../api/statements';

export type StatementDownload = (request: Omit<StatementRequest, 'memberId'>) => Promise<void>;

interface StatementModalProps {
  /** Whose statement, for the header ("Statement of Ada Obi"). */
  memberName: string;
  visible: boolean;
  onDismiss: () => void;
  /** Fetches the file (staff: the member's; a member: their own). */
  download: StatementDownload;
}

/**
 * The statement dialog: a period (the last three months to begin with) and a PDF and an Excel
 * button, each downloading the member's statement of that period. A period the API refuses
 * (shared/src/statement-periods.ts) is explained under the dates and its buttons are off.
 */
export function StatementModal({ memberName, visible, onDismiss, download }: StatementModalProps) {
  const [period, setPeriod] = useState(() => ({ start_date: addMonths(today(), -3), end_date: today() }));
  const [busy, setBusy] = useState<'pdf' | 'xlsx' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const issue = statementPeriodIssue(period, today());

  const fetchFile = (format: 'pdf' | 'xlsx') => {
    setBusy(format);
    setError(null);
    download({ ...period, format })
      .then(() => onDismiss())
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setBusy(null));
  };

  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      header={`Statement of ${memberName}`}
      footer={
        <ModalFooter
          onCancel={onDismiss}
          primary="PDF"
          iconName="download"
          loading={busy === 'pdf'}
          disabled={issue !== undefined || busy !== null}
          onPrimary={() => fetchFile('pdf')}
          secondary={
            <Button
              iconName="download"
              loading={busy === 'xlsx'}
              disabled={issue !== undefined || busy !== null}
              onClick={() => fetchFile('xlsx')}
            >
              Excel
            </Button>
          }
        />
      }
    >
      <SpaceBetween size="m">
        {error && <Alert type="error">{error}</Alert>}
        <SpaceBetween direction="horizontal" size="s">
          <FormField label="Period start" errorText={issue?.field === 'start_date' ? issue.message : undefined}>
            <DatePicker
              value={period.start_date}
              placeholder="YYYY/MM/DD"
              ariaLabel="Period start"
              openCalendarAriaLabel={calendarLabel('Period start')}
              onChange={({ detail }) => setPeriod((p) => ({ ...p, start_date: detail.value }))}
            />
          </FormField>
          <FormField label="Period end" errorText={issue?.field === 'end_date' ? issue.message : undefined}>
            <DatePicker
              value={period.end_date}
              placeholder="YYYY/MM/DD"
              ariaLabel="Period end"
              openCalendarAriaLabel={calendarLabel('Period end')}
              onChange={({ detail }) => setPeriod((p) => ({ ...p, end_date: detail.value }))}
            />
          </FormField>
        </SpaceBetween>
        <Box variant="small" color="text-body-secondary">
          Savings plans with their opening and closing balances, loans and dividends paid in the period.
        </Box>
      </SpaceBetween>
    </Modal>
  );
}
