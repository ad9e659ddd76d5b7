/**
 * Plain helpers over Amazon States Language JSON. Kept apart from definitions.ts so the local
 * runtime can walk a definition without loading aws-cdk-lib.
 */
export type AslDefinition = Record<string, unknown>;

type AslState = Record<string, unknown>;

/** The states of a definition, including those inside Map and Parallel states. */
export function* allStates(definition: AslDefinition): Generator<[string, AslState]> {
  const states = (definition.States ?? {}) as Record<string, AslState>;
  for (const [name, state] of Object.entries(states)) {
    yield [name, state];
    for (const nested of [state.ItemProcessor, state.Iterator, ...((state.Branches as unknown[] | undefined) ?? [])]) {
      if (typeof nested === 'object' && nested !== null) {
        yield* allStates(nested as AslDefinition);
      }
    }
  }
}
