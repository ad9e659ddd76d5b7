import { finishTask } from '#core/import-pipeline';
import { savingsImports } from '../../savings/import.ts';

export const handler = finishTask(savingsImports);
