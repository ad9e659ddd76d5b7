import { writeRowsTask } from '#core/import-pipeline';
import { loanImports } from '../../loans/import.ts';

export const handler = writeRowsTask(loanImports);
