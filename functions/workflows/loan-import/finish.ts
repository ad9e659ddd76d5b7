import { finishTask } from '#core/import-pipeline';
import { loanImports } from '../../loans/import.ts';

export const handler = finishTask(loanImports);
