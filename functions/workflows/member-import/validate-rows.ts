import { validateRowsTask } from '#core/import-pipeline';
import { memberImports } from '../../members/member-import.ts';

export const handler = validateRowsTask(memberImports);
