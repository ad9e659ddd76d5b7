import FileUpload from '@cloudscape-design/components/file-upload';

/** The spreadsheet types the imports take: .xlsx, and .csv where `csv` is set. */
export const spreadsheetAccept = (csv: boolean) =>
  csv
    ? '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv'
    : '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface SingleFileUploadProps {
  files: File[];
  /** The chosen file (only the last one when several are dropped), or none. */
  onChange: (files: File[]) => void;
  accept: string;
}

/** One file, by click or drag: the member, savings and loan imports. */
export function SingleFileUpload({ files, onChange, accept }: SingleFileUploadProps) {
  return (
    <FileUpload
      value={files}
      accept={accept}
      onChange={({ detail }) => onChange(detail.value.slice(-1))}
      showFileSize
      i18nStrings={{
        uploadButtonText: () => 'Choose file',
        dropzoneText: () => 'Drop the file to upload',
        removeFileAriaLabel: () => 'Remove file',
        errorIconAriaLabel: 'Error',
        limitShowFewer: 'Show fewer files',
        limitShowMore: 'Show more files',
      }}
    />
  );
}
