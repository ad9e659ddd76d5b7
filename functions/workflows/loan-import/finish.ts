import { updateLoanImport } from '../../loans/import.ts';

/** Last state of a valid file: the import is complete (the chunks have added their counts). */
export const handler = async (input: { cooperative_id: string; import_id: string }) => {
  await updateLoanImport(input.cooperative_id, input.import_id, { status: 'COMPLETED' });
  return { cooperative_id: input.cooperative_id, import_id: input.import_id, status: 'COMPLETED' };
};
