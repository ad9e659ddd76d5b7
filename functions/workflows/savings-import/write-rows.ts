import { writeRowsTask } from '#core/import-pipeline';
import { savingsImports } from '../../savings/import.ts';

export const handler = writeRowsTask(savingsImports);
