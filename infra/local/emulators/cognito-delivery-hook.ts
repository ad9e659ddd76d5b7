import { createRequire } from 'node:module';

/**
 * What the child runs before cognito-local itself (plain JS: it runs in plain node).
 *
 * Deliveries: cognito-local "delivers" codes by logging a box through pino-pretty, whose writer
 * (sonic-boom 2.8) counts characters in but bytes out: after the box's multi-byte border it holds
 * back output until more is logged, so a box can arrive minutes late or only at exit. So instead of
 * reading the log, the hook wraps the console sender and also writes each delivery as one JSON line
 * to fd 3, a pipe the runtime reads (cognito-deliveries.ts).
 *
 * Browsers: cognito-local answers every origin's CORS and every admin call. Only the runtime's
 * Cognito proxies may talk to it, and they send neither Origin nor Sec-Fetch-Site and always name
 * 127.0.0.1:<its port> as Host; a web page's request carries one of the first two (or, rebound
 * through DNS, another Host). The hook wraps the listener of the server it creates to refuse those.
 *
 * Writes: cognito-local saves its whole pool file (every user, serialized again) after each change,
 * with writes of the same file overlapping when calls do, so an import that creates thousands of
 * sign-ins paid for the file again per user. The hook makes StormDB's save a group commit: one write
 * at a time, and each write serves every save asked for before it began (each caller still waits
 * until a write holding its change has finished).
 */
const HOOK_SOURCE = `
const http = require('node:http');
const ownHost = process.env.HOST + ':' + process.env.PORT;
const createServer = http.createServer;
http.createServer = function (...args) {
  const at = args.findIndex((arg) => typeof arg === 'function');
  if (at >= 0) {
    const listener = args[at];
    args[at] = function (req, res) {
      if (req.headers.origin !== undefined || req.headers['sec-fetch-site'] !== undefined || req.headers.host !== ownHost) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end('{"message":"cognito-local answers the CoopLedger runtime only"}');
        return;
      }
      return listener.call(this, req, res);
    };
  }
  return createServer.apply(this, args);
};
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
const StormDB = require(process.env.COOPLEDGER_STORMDB);
const saveNow = StormDB.prototype.save;
StormDB.prototype.save = function () {
  if (!this.coopledgerNextSave) {
    const writing = this.coopledgerWriting || Promise.resolve();
    this.coopledgerNextSave = writing.catch(() => undefined).then(() => {
      this.coopledgerNextSave = undefined;
      this.coopledgerWriting = Promise.resolve(saveNow.call(this));
      return this.coopledgerWriting;
    });
  }
  return this.coopledgerNextSave;
};
require(process.env.COOPLEDGER_COGNITO_START);
`;

/** The fd the hook writes deliveries to: stdio index 3 of the child. */
export const DELIVERY_FD = 3;

/**
 * `node -e <this>` with `env` added (and PORT, HOST) starts cognito-local with deliveries reported
 * on fd 3, answering the runtime only, its pool file written by group commit.
 */
export function hookedStart(startScript: string): { args: string[]; env: Record<string, string> } {
  const require = createRequire(import.meta.url);
  const cognitoLocal = createRequire(require.resolve('cognito-local/package.json'));
  return {
    args: ['-e', HOOK_SOURCE],
    env: {
      COOPLEDGER_COGNITO_SENDER: require.resolve('cognito-local/lib/services/messageDelivery/consoleMessageSender.js'),
      COOPLEDGER_COGNITO_START: startScript,
      COOPLEDGER_STORMDB: cognitoLocal.resolve('stormdb'),
    },
  };
}
