import { structuredResult } from '../http/write-result.ts';

/** A handler's result as API Gateway would take it, with a JSON body also shown parsed. */
export function printResult(result: unknown): void {
  const structured = structuredResult(result);
  console.log(JSON.stringify(structured, null, 2));
  if (structured.body && !structured.isBase64Encoded) {
    try {
      console.log('\nbody:');
      console.log(JSON.stringify(JSON.parse(structured.body), null, 2));
    } catch {
      // Not JSON: already printed as it is.
    }
  }
}
