import { validateRowsTask } from '#core/import-pipeline';
import { loanImports } from '../../loans/import.ts';

export const handler = validateRowsTask(loanImports);
