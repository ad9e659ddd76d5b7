import { writeRowsTask } from '#core/import-pipeline';
import { memberImports } from '../../members/member-import.ts';

export const handler = writeRowsTask(memberImports);
