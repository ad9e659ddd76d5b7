import { validateRowsTask } from '#core/import-pipeline';
import { savingsImports } from '../../savings/import.ts';

export const handler = validateRowsTask(savingsImports);
