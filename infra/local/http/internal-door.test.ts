import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { browserRequestReason } from './internal-door.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe("the functions' internal port", () => {
  it('takes what the SDK sends: no Origin, no Sec-Fetch-Site, Host 127.0.0.1:<port>', () => {
    expect(
      browserRequestReason(
        request({ host: '127.0.0.1:4100', 'x-amz-target': 'AWSStepFunctions.StartExecution' }),
        4100,
      ),
    ).toBeUndefined();
  });

  it("refuses a web page's request, cross-origin or not, and one rebound through DNS to another name", () => {
    const refused: Record<string, string>[] = [
      { host: '127.0.0.1:4100', origin: 'https://attacker.example' },
      { host: '127.0.0.1:4100', origin: 'null' },
      { host: '127.0.0.1:4100', 'sec-fetch-site': 'cross-site' },
      { host: 'rebound.attacker.example:4100' },
      { host: 'localhost:4100' },
      { host: '127.0.0.1:3000' },
      {},
    ];
    for (const headers of refused)
      expect(browserRequestReason(request(headers), 4100), JSON.stringify(headers)).toBeDefined();
  });
});
