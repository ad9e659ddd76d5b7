import { createRequire } from 'node:module';

/**
 * cognito-local "delivers" codes by logging a box through pino-pretty, whose writer (sonic-boom 2.8)
 * counts characters in but bytes out: after the box's multi-byte border it holds back output until
 * more is logged, so a box can arrive minutes late or only at exit. So instead of reading the log,
 * the child runs this first: it wraps the console sender and also writes each delivery as one JSON
 * line to fd 3, a pipe the runtime reads (cognito-deliveries.ts). Plain JS: it runs in plain node.
 */
const HOOK_SOURCE = `
const { Socket } = require('node:net');
const { ConsoleMessageSender } = require(process.env.COOPLEDGER_COGNITO_SENDER);
const channel = new Socket({ fd: 3, readable: false, writable: true });
channel.on('error', () => undefined);
channel.unref();
const sendToConsole = ConsoleMessageSender.prototype.sendToConsole;
ConsoleMessageSender.prototype.sendToConsole = function (ctx, user, destination, message) {
  let trigger;
  try { trigger = ctx.logger.bindings().target; } catch {}
  const { __code, emailSubject, emailMessage, smsMessage } = message || {};
  channel.write(JSON.stringify({ trigger, username: user.Username, destination, code: __code, emailSubject, emailMessage, smsMessage }) + '\\n');
  return sendToConsole.call(this, ctx, user, destination, message);
};
require(process.env.COOPLEDGER_COGNITO_START);
`;

/** The fd the hook writes deliveries to: stdio index 3 of the child. */
export const DELIVERY_FD = 3;

/** `node -e <this>` with `env` added starts cognito-local with deliveries reported on fd 3. */
export function hookedStart(startScript: string): { args: string[]; env: Record<string, string> } {
  const require = createRequire(import.meta.url);
  return {
    args: ['-e', HOOK_SOURCE],
    env: {
      COOPLEDGER_COGNITO_SENDER: require.resolve('cognito-local/lib/services/messageDelivery/consoleMessageSender.js'),
      COOPLEDGER_COGNITO_START: startScript,
    },
  };
}
