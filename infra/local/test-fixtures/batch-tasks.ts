/**
 * Task handlers for the test workflow (batch-workflow.ts): small real modules, loaded by the local
 * executor the way it loads the app's tasks, by `entry` and export name.
 */
export interface Row {
  id: string;
  amount: number;
  /** Makes the task throw, as a task does when a row cannot be posted at all. */
  reject?: boolean;
  /** Keeps the task busy, so a test can find the execution still running. */
  delayMs?: number;
}

export interface Posted {
  id: string;
  amount: number;
  posted: boolean;
}

export class RowRejectedError extends Error {
  override readonly name = 'RowRejectedError';
}

export async function postRow(row: Row): Promise<Posted> {
  if (row.delayMs) await new Promise((resolve) => setTimeout(resolve, row.delayMs));
  if (row.reject) throw new RowRejectedError(`Row ${row.id} was rejected`);
  return { id: row.id, amount: row.amount, posted: row.amount > 0 };
}

/** Gets the whole state: the rows and, under `results`, what the Map made of each. */
export function summarise(state: { results: Posted[] }): {
  total: number;
  posted: number;
  skipped: string[];
  failed: boolean;
} {
  const posted = state.results.filter((result) => result.posted);
  const skipped = state.results.filter((result) => !result.posted).map((result) => result.id);
  return {
    total: posted.reduce((sum, result) => sum + result.amount, 0),
    posted: posted.length,
    skipped,
    failed: skipped.length > 0,
  };
}
