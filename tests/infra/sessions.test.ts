import { afterAll, describe, expect, it } from 'vitest';
import { allowedActionsOfRole, resourcesOf } from './support/resources.ts';
import { synthCoopLedger } from './support/synth.ts';

/**
 * A password change or reset and a deactivation close the person's open chat connections
 * (functions/chat/connection-store.ts closeConnections), so the domains that make them may close
 * connections of the chat's WebSocket API and know its callback URL.
 */
interface FunctionProps {
  Role: { 'Fn::GetAtt': [string, string] };
  Environment: { Variables: Record<string, unknown> };
}

const synth = synthCoopLedger('dev');
afterAll(() => synth.cleanup());

const api = synth.template(synth.stacks.api);
const functions = resourcesOf<FunctionProps>(api, 'AWS::Lambda::Function');

function domainFunction(domain: string) {
  const found = functions.find((fn) => fn.id.startsWith(`${domain[0].toUpperCase()}${domain.slice(1)}Function`));
  if (found === undefined) throw new Error(`No function for domain ${domain}`);
  return found;
}

describe('the domains that end sessions', () => {
  it.each([
    ['auth', 'changes and resets passwords'],
    ['members', "sets members' passwords and deactivates members"],
    ['users', "sets system users' passwords and deactivates them"],
  ])('%s (%s) may close chat connections and has the WebSocket callback URL', (domain) => {
    const fn = domainFunction(domain);

    expect(allowedActionsOfRole(api, fn.Properties.Role['Fn::GetAtt'][0])).toContain('execute-api:ManageConnections');
    expect(JSON.stringify(fn.Properties.Environment.Variables.WEBSOCKET_CALLBACK_URL)).toContain('https://');
  });
});
