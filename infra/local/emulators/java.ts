import { spawnSync } from 'node:child_process';
import { LocalRuntimeError } from '../errors.ts';

const INSTALL_HINT = 'DynamoDB Local needs Java 17: apt-get install -y openjdk-17-jre-headless';

/** Fails early with the install command, instead of a cryptic spawn ENOENT later. */
export function assertJava17(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new LocalRuntimeError(INSTALL_HINT);
  // `java -version` prints to stderr, e.g. `openjdk version "17.0.15" 2025-04-15`.
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${probe.stderr}${probe.stdout}`);
  const major = match ? Number(match[1] === '1' ? match[2] : match[1]) : Number.NaN;
  if (!(major >= 17))
    throw new LocalRuntimeError(`${INSTALL_HINT} (found Java ${Number.isNaN(major) ? 'of unknown version' : major})`);
}
