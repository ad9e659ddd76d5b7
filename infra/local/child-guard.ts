import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';

/**
 * Emulator child processes must not outlive the runtime. A normal exit is covered by an 'exit'
 * hook; a crash or SIGKILL of this process is not, so a tiny watchdog process holds our end of a
 * pipe and, when the pipe closes (we are gone), kills whatever children are still registered.
 * Children run detached (their own process group) so Ctrl-C reaches only us and `stop()` shuts them
 * down in order.
 */
const WATCHDOG_SOURCE = `
const pids = new Set();
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  let newline;
  while ((newline = pending.indexOf('\\n')) >= 0) {
    const line = pending.slice(0, newline);
    pending = pending.slice(newline + 1);
    const pid = Number(line.slice(1));
    if (line[0] === '+') pids.add(pid); else pids.delete(pid);
  }
});
const signal = (name) => { for (const pid of pids) { try { process.kill(pid, name); } catch {} } };
const alive = () => [...pids].filter((pid) => { try { process.kill(pid, 0); return true; } catch { return false; } });
process.stdin.on('end', () => {
  signal('SIGTERM');
  const started = Date.now();
  const timer = setInterval(() => {
    if (alive().length === 0) process.exit(0);
    if (Date.now() - started > 5000) { signal('SIGKILL'); process.exit(0); }
  }, 100);
});
`;

const guarded = new Set<ChildProcess>();
let watchdog: ChildProcess | undefined;
let exitHookInstalled = false;

function killAllNow(): void {
  for (const child of guarded) child.kill('SIGTERM');
}

function watchdogInput(): NodeJS.WritableStream | undefined {
  if (!watchdog || hasExited(watchdog)) {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
    });
    watchdog.on('error', () => undefined);
    watchdog.stdin?.on('error', () => undefined);
    // Neither the process nor its pipe may keep the runtime's event loop alive.
    watchdog.unref();
    if (watchdog.stdin instanceof Socket) watchdog.stdin.unref();
  }
  return watchdog.stdin ?? undefined;
}

/** Registers a child so it dies with this process, however this process ends. */
export function guardChild(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (!exitHookInstalled) {
    process.on('exit', killAllNow);
    exitHookInstalled = true;
  }
  guarded.add(child);
  const input = watchdogInput();
  input?.write(`+${pid}\n`);
  child.once('exit', () => {
    guarded.delete(child);
    input?.write(`-${pid}\n`);
    // With nothing left to guard the watchdog has no reason to live; a later child gets a new one.
    if (guarded.size === 0 && watchdog) {
      watchdog.stdin?.end();
      watchdog = undefined;
    }
  });
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, then SIGKILL if the child ignores it for `graceMs`. Resolves once it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The last lines a child printed, kept to explain a failed start. */
export function captureOutput(child: ChildProcess, maxLines = 40): () => string {
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
    if (lines.length > maxLines) lines.splice(0, lines.length - maxLines);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return () => lines.join('\n');
}
