// The browser tests drive Debian's Chromium (DESIGN.md section 8); Playwright's own download does
// not work on these machines, so this installs the system package when it can.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

if (!isRoot || !hasApt) {
  console.error(
    `${CHROMIUM} is missing. Install Chromium from your distribution, for example:\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'Do not run `npx playwright install`: the tests use the system Chromium.',
  );
  process.exit(1);
}

console.log(`${CHROMIUM} is missing; installing the chromium package with apt-get.`);
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

if (!existsSync(CHROMIUM)) {
  console.error(`The chromium package installed, but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
