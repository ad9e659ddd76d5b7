/**
 * `npm run bench`: measures the local runtime and writes bench/results/<timestamp>.json and
 * bench/results/latest.md. The raw DynamoDB Local rates are measured in the same run, on the same
 * machine, so the application's numbers can be read against what the emulator itself allows.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startRuntime } from '../../infra/local/runtime.ts';
import { db, resetClients } from '../../functions/core/clients.ts';
import { resetConfig } from '../../functions/core/config.ts';
import { table } from '../../functions/core/db.ts';
import { post } from '../../functions/core/ledger.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const n = (base: number) => Math.max(10, Math.round(base * SCALE));

async function main() {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log('Starting the local runtime (in memory, seeded)...');
  const runtime = await startRuntime({ port: 0, inMemory: true, seed: true });
  Object.assign(process.env, runtime.env);
  resetConfig();
  resetClients();
  const api = `${runtime.url}/api/v1`;

  try {
    const results: Record<string, LatencyResult> = {};

    log('Raw DynamoDB Local: PutItem...');
    results.rawPut16 = await run(n(2000), 16, (i) =>
      db().send(new PutCommand({ TableName: table(), Item: { pk: `BENCH#PUT#${i}`, sk: 'X', value: i } })),
    );
    log('Raw DynamoDB Local: TransactWriteItems of 6 items...');
    results.rawTransact16 = await run(n(1000), 16, (i) =>
      db().send(
        new TransactWriteCommand({
          TransactItems: Array.from({ length: 6 }, (_, j) => ({ Put: { TableName: table(), Item: { pk: `BENCH#TX#${i}`, sk: `X${j}` } } })),
        }),
      ),
    );

    const login = () =>
      fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coop_id: 'DEMO-ADMIN', password: 'password123' }),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`login ${r.status}`);
        return (await r.json()) as { data: { token: { token: string } } };
      });
    log('Login at 1 and 16 clients...');
    results.login1 = await run(n(100), 1, login);
    results.login16 = await run(n(400), 16, login);

    const token = (await login()).data.token.token;
    const list = () =>
      fetch(`${api}/cooperative/all`, { headers: { authorization: `Bearer ${token}` } }).then((r) => {
        if (!r.ok) throw new Error(`list ${r.status}`);
        return r.arrayBuffer();
      });
    log('List call (GET /cooperative/all) at 1 and 16 clients...');
    results.list1 = await run(n(200), 1, list);
    results.list16 = await run(n(800), 16, list);

    const demo = ((await (await fetch(`${api}/cooperative`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string } }).data.id;
    const bank = standardAccount('bank');
    const savings = standardAccount('member_savings');
    const posting = (i: number, hot: boolean) =>
      post({
        cooperativeId: demo,
        idempotencyKey: `bench-${hot ? 'hot' : 'spread'}-${i}`,
        date: '2026-01-15',
        description: 'Bench deposit',
        source: { type: 'BENCH', id: String(i) },
        // Spread postings use a different pair of accounts per worker-sized group; hot ones all hit two accounts.
        lines: hot
          ? [
              { glCode: bank, side: 'D', amount: 100_00 },
              { glCode: savings, side: 'C', amount: 100_00 },
            ]
          : [
              { glCode: ['101001', '101002', '103002', '104001'][i % 4], side: 'D', amount: 100_00 },
              { glCode: ['301001', '301002', '302002', '504001'][i % 4], side: 'C', amount: 100_00 },
            ],
      });
    log('Ledger postings: one hot account pair, and spread over four pairs, at 16 clients...');
    results.postingsHot16 = await run(n(600), 16, (i) => posting(i, true));
    results.postingsSpread16 = await run(n(600), 16, (i) => posting(i, false));

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
    const outDir = path.resolve(import.meta.dirname, '../../bench/results');
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, `${stamp}.json`), JSON.stringify({ at: new Date().toISOString(), scale: SCALE, machine, results }, null, 2));
    const rows = Object.entries(results).map(
      ([name, r]) => `| ${name} | ${r.requests} | ${r.concurrency} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} |`,
    );
    const report = [
      `# Bench ${new Date().toISOString()}`,
      '',
      `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GiB, Node ${machine.node}. Scale ${SCALE}.`,
      '',
      '| measure | requests | clients | per second | p50 ms | p99 ms | errors |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    await writeFile(path.join(outDir, 'latest.md'), report);
    log(report);
  } finally {
    await runtime.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
