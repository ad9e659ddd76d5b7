import { takeStop } from './support/runtime-handle';

export default async function globalTeardown(): Promise<void> {
  await takeStop()?.();
}
