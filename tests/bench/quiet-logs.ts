/**
 * Imported first by run.ts, before any module of functions/: the logger reads LOG_LEVEL when it is
 * created, and the handlers' info lines (one mail per imported member) would drown the bench's own
 * output and slow what it measures.
 */
process.env.LOG_LEVEL ??= 'warn';
