/**
 * aws-local-stepfunctions 3 calls `Promise.withResolvers`, which Node has only from 22; this project
 * runs on Node 20 (DESIGN.md section 8). Imported for its effect before the library runs anything.
 */
interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

const promiseConstructor = Promise as PromiseConstructor & { withResolvers?: <T>() => Resolvers<T> };

promiseConstructor.withResolvers ??= <T>(): Resolvers<T> => {
  let resolve!: Resolvers<T>['resolve'];
  let reject!: Resolvers<T>['reject'];
  const promise = new Promise<T>((resolveWith, rejectWith) => {
    resolve = resolveWith;
    reject = rejectWith;
  });
  return { promise, resolve, reject };
};
