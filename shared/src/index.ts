export * from './roles.ts';
export * from './routes.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './money.ts';
