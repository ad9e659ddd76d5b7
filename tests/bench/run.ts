/**
 * `npm run bench`: measures the local runtime and writes bench/results/<timestamp>.json and
 * bench/results/latest.md. The raw DynamoDB Local rates are measured in the same run, on the same
 * machine, so the application's numbers can be read against what the emulator itself allows.
 */
import './quiet-logs.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BatchWriteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startRuntime } from '../../infra/local/runtime.ts';
import { letSeededCreatorsApprove } from '../shared/creator-approval.ts';
import { cognito, db, resetClients } from '../../functions/core/clients.ts';
import { resetConfig } from '../../functions/core/config.ts';
import { table } from '../../functions/core/db.ts';
import { post } from '../../functions/core/ledger.ts';
import { kobo } from '../../shared/src/money.ts';
import { standardAccount } from '../../functions/cooperatives/standard-chart.ts';
import type { ApprovalsResult } from './approvals.ts';
import { approveAll, membersWithPlans, pendingDeposits, savingsContext } from './approvals.ts';
import { apiClient } from './http.ts';
import type { ImportResult } from './member-import.ts';
import { benchMemberImport } from './member-import.ts';
import type { LatencyResult } from './measure.ts';
import { run } from './measure.ts';
import type { DividendResult } from './dividends.ts';
import { benchDividends, dividendsMarkdown } from './dividends.ts';
import type { PayrollResult } from './payroll.ts';
import { benchPayroll, payrollMarkdown } from './payroll.ts';
import type { ListsResult } from './lists.ts';
import { benchLists, listsMarkdown } from './lists.ts';
import type { ReportsResult } from './reports.ts';
import { benchReports, reportsMarkdown } from './reports.ts';
import type { WriteCounts } from './transactions.ts';
import type { VotingResult } from './voting.ts';
import { benchBallots } from './voting.ts';
import type { EshopResult } from './eshop.ts';
import { benchEshopOrders } from './eshop.ts';
import { countWrites, rawTransact } from './transactions.ts';
import type { SignInResult } from './sign-in.ts';
import { benchSignIn, signInMarkdown, signInUnavailable } from './sign-in.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const n = (base: number) => Math.max(10, Math.round(base * SCALE));
/** The groups of measures, in the order they run; BENCH_ONLY=reports (or a comma-separated list) runs only those. */
const GROUPS = [
  'raw',
  'login',
  'signin',
  'list',
  'postings',
  'import',
  'approvals',
  'payroll',
  'dividends',
  'voting',
  'eshop',
  'lists',
  'reports',
] as const;
type Group = (typeof GROUPS)[number];
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((g) => g.trim())
  .filter(Boolean);
const wanted = (group: Group) => ONLY.length === 0 || ONLY.includes(group);

async function main() {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const unknownGroups = ONLY.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknownGroups.length > 0)
    throw new Error(`BENCH_ONLY names unknown groups: ${unknownGroups.join(', ')} (known: ${GROUPS.join(', ')})`);
  log('Starting the local runtime (in memory, seeded)...');
  // No notification delivery while measuring: the events an approval writes stay pending.
  const runtime = await startRuntime({ port: 0, inMemory: true, seed: true, notifications: false });
  await letSeededCreatorsApprove(runtime.url);
  Object.assign(process.env, runtime.env);
  resetConfig();
  resetClients();
  const api = `${runtime.url}/api/v1`;
  const call = apiClient(api);
  const writes = countWrites(db(), cognito());

  try {
    const results: Record<string, LatencyResult> = {};
    /** Items (or rows) per request of a measure, for the items-per-second column. */
    const itemsPer: Record<string, number> = {
      rawTransact16: 6,
      rawBatch25x16: 25,
      rawTransact3Hot16: 3,
      rawTransact8Payroll8: 8,
      rawTransact8Payroll16: 8,
    };
    /** What DynamoDB answered the application's transactions during each measure. */
    const contention: Record<string, WriteCounts> = {};
    const timed = async <T>(name: string, measure: () => Promise<T>): Promise<T> => {
      writes.take();
      const result = await measure();
      contention[name] = writes.take();
      return result;
    };

    if (wanted('raw')) {
      log('Raw DynamoDB Local: PutItem...');
      results.rawPut16 = await run(n(2000), 16, (i) =>
        db().send(new PutCommand({ TableName: table(), Item: { pk: `BENCH#PUT#${i}`, sk: 'X', value: i } })),
      );
      log('Raw DynamoDB Local: TransactWriteItems of 6 items...');
      results.rawTransact16 = await rawTransact(n(1000), 16, 'puts', 6);

      // Imports write each row on its own (functions/workflows/member-import/write-rows.ts): a Cognito
      // user, the member number counter, then one TransactWriteItems of the member, the cooperative's
      // STATS item and the staff ID claim. BatchWriteItem is what a bulk writer would use instead; the
      // 3-item transaction with one shared item is the primitive each imported row pays for.
      log('Raw DynamoDB Local: BatchWriteItem of 25 items...');
      results.rawBatch25x16 = await run(n(400), 16, async (i) => {
        let pending = Array.from({ length: 25 }, (_, j) => ({
          PutRequest: { Item: { pk: `BENCH#BATCH#${i}`, sk: `X${j}`, value: j } },
        }));
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt > 10) throw new Error('BatchWriteItem left items unprocessed');
          const result = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: pending } }));
          pending = (result.UnprocessedItems?.[table()] ?? []) as typeof pending;
        }
      });
      log('Raw DynamoDB Local: TransactWriteItems of 3 items, one of them shared by all...');
      results.rawTransact3Hot16 = await timed('rawTransact3Hot16', () =>
        run(n(1000), 16, (i) =>
          db().send(
            new TransactWriteCommand({
              TransactItems: [
                { Put: { TableName: table(), Item: { pk: `BENCH#TX3#${i}`, sk: 'A' } } },
                { Put: { TableName: table(), Item: { pk: `BENCH#TX3#${i}`, sk: 'B' } } },
                {
                  Update: {
                    TableName: table(),
                    Key: { pk: 'BENCH#TX3', sk: 'STATS' },
                    UpdateExpression: 'ADD n :one',
                    ExpressionAttributeValues: { ':one': 1 },
                  },
                },
              ],
            }),
          ),
        ),
      );
    }

    const loginAs = (loginId: string, password: string) =>
      fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ coop_id: loginId, password }),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`login ${r.status}`);
        return (await r.json()) as { data: { token: { token: string } } };
      });
    const login = () => loginAs('DEMO-ADMIN', 'password123');
    if (wanted('login')) {
      log('Login at 1 and 16 clients...');
      results.login1 = await run(n(100), 1, login);
      results.login16 = await run(n(400), 16, login);
    }

    let signIn: SignInResult[] | undefined;
    if (wanted('signin')) {
      const unavailable = signInUnavailable();
      if (unavailable) log(`Sign-in in Chromium: skipped, ${unavailable}.`);
      else {
        log('Sign-in in Chromium to the dashboard figures, 10 times per account...');
        signIn = await benchSignIn(runtime.url, 10, log);
      }
    }

    const token = (await login()).data.token.token;
    if (wanted('list')) {
      const list = () =>
        fetch(`${api}/cooperative/all`, { headers: { authorization: `Bearer ${token}` } }).then((r) => {
          if (!r.ok) throw new Error(`list ${r.status}`);
          return r.arrayBuffer();
        });
      log('List call (GET /cooperative/all) at 1 and 16 clients...');
      results.list1 = await run(n(200), 1, list);
      results.list16 = await run(n(800), 16, list);
    }

    const demo = (
      (await (await fetch(`${api}/cooperative`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { id: string };
      }
    ).data.id;
    const bank = standardAccount('bank');
    const savings = standardAccount('member_savings');
    if (wanted('postings')) {
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
                { glCode: bank, side: 'D', amount: kobo(100_00) },
                { glCode: savings, side: 'C', amount: kobo(100_00) },
              ]
            : [
                { glCode: ['101001', '101002', '103002', '104001'][i % 4], side: 'D', amount: kobo(100_00) },
                { glCode: ['301001', '301002', '302002', '504001'][i % 4], side: 'C', amount: kobo(100_00) },
              ],
        });
      log('Ledger postings: one hot account pair, and spread over four pairs, at 16 clients...');
      results.postingsHot16 = await timed('postingsHot16', () => run(n(600), 16, (i) => posting(i, true)));
      results.postingsSpread16 = await timed('postingsSpread16', () => run(n(600), 16, (i) => posting(i, false)));
    }

    let memberImport: ImportResult | undefined;
    if (wanted('import')) {
      const importRows = n(5000);
      log(`Member import: ${importRows} rows through POST /cooperative/member/import, until the status says done...`);
      memberImport = await timed('memberImport', () => benchMemberImport(call, token, demo, importRows, log));
      log(
        `  ${memberImport.created} members created in ${memberImport.seconds} s: ${memberImport.rowsPerSecond} rows per second`,
      );
    }

    const approvals: Record<string, ApprovalsResult> = {};
    /** The mean number of items of an approval's transaction, in approvalsSpread16. */
    let approvalItems: number | undefined;
    let setup: Record<string, LatencyResult | { members: LatencyResult; plans: LatencyResult }> | undefined;
    if (wanted('approvals')) {
      const savingsCtx = await savingsContext(call, token, demo, bank, savings);
      const planCount = n(400);
      const approvalCount = n(10_000);
      log(
        `Deposit approvals: setting up ${planCount} members with a plan and ${approvalCount} pending deposits (not timed)...`,
      );
      const spreadPlans = await timed('setupMembersAndPlans', () => membersWithPlans(savingsCtx, planCount));
      const spreadOrders = await timed('setupOrders', () =>
        pendingDeposits(savingsCtx, spreadPlans.plans, approvalCount, '2026-03-10'),
      );
      log(
        `  members ${spreadPlans.setup.members.perSecond}/s, plans ${spreadPlans.setup.plans.perSecond}/s, orders ${spreadOrders.setup.perSecond}/s`,
      );
      log(`Deposit approvals over ${planCount} plans at 16 clients...`);
      approvals.approvalsSpread16 = await timed('approvalsSpread16', () =>
        approveAll(savingsCtx, spreadOrders.orders, planCount, '2026-03-10'),
      );
      results.approvalsSpread16 = latency(approvals.approvalsSpread16);
      // The raw rate of transactions as large as an approval's, beside the 6-item one the goal names.
      const spread = contention.approvalsSpread16;
      approvalItems = Math.round(spread.transactItems / Math.max(1, spread.transactCalls));
      log(`Raw DynamoDB Local: TransactWriteItems of ${approvalItems} items (an approval's size) at 16 clients...`);
      results.rawTransactApprovalSize16 = await rawTransact(n(1000), 16, 'puts', approvalItems);
      itemsPer.rawTransactApprovalSize16 = approvalItems;

      // The audit trail's cost: the same approvals with the trail off, then on (core/audit.ts), same plans.
      const pairCount = n(3000);
      log(`Deposit approvals with the audit trail off, then on: ${pairCount} each at 16 clients...`);
      const offOrders = await pendingDeposits(savingsCtx, spreadPlans.plans, pairCount, '2026-05-11');
      const onOrders = await pendingDeposits(savingsCtx, spreadPlans.plans, pairCount, '2026-05-12');
      process.env.AUDIT_TRAIL = 'off';
      try {
        approvals.approvalsAuditOff16 = await timed('approvalsAuditOff16', () =>
          approveAll(savingsCtx, offOrders.orders, planCount, '2026-05-11'),
        );
      } finally {
        delete process.env.AUDIT_TRAIL;
      }
      approvals.approvalsAuditOn16 = await timed('approvalsAuditOn16', () =>
        approveAll(savingsCtx, onOrders.orders, planCount, '2026-05-12'),
      );
      results.approvalsAuditOff16 = latency(approvals.approvalsAuditOff16);
      results.approvalsAuditOn16 = latency(approvals.approvalsAuditOn16);

      const hotCount = n(1000);
      log(`Deposit approvals on one plan ('hot'): ${hotCount} at 16 clients...`);
      const hotPlan = await membersWithPlans(savingsCtx, 1);
      const hotOrders = await pendingDeposits(savingsCtx, hotPlan.plans, hotCount, '2026-04-10');
      approvals.approvalsHot16 = await timed('approvalsHot16', () =>
        approveAll(savingsCtx, hotOrders.orders, 1, '2026-04-10'),
      );
      results.approvalsHot16 = latency(approvals.approvalsHot16);
      setup = { membersWithPlans: spreadPlans.setup, orders: spreadOrders.setup };
    }

    let payroll: PayrollResult | undefined;
    // The dividend measure pays the payroll's cooperative: it needs the payroll measure first.
    if (wanted('payroll') || wanted('dividends')) {
      const superToken = (await loginAs('superadmin', 'superadmin123')).data.token.token;
      payroll = await benchPayroll({
        api,
        call,
        token: superToken,
        members: n(10_000),
        rawCount: n(1000),
        rawPuts: !results.rawTransact16,
        log,
        timed,
      });
      payroll.writes = contention.payrollUpload;
      for (const [name, measure] of Object.entries(payroll.raw)) results[name] = measure;
    }

    let dividends: DividendResult | undefined;
    if (wanted('dividends') && payroll) {
      const superToken = (await loginAs('superadmin', 'superadmin123')).data.token.token;
      dividends = await timed('dividends', () =>
        benchDividends({
          call,
          token: superToken,
          cooperativeId: payroll.cooperativeId,
          members: payroll.members,
          raw: payroll.raw.rawTransact8Payroll8,
          raw6: results.rawTransact16,
          log,
        }),
      );
    }

    let voting: VotingResult | undefined;
    if (wanted('voting')) {
      voting = await benchBallots({ cooperativeId: demo, members: n(2000), log, timed });
      results.ballots16 = voting.ballots;
    }

    let eshop: EshopResult | undefined;
    if (wanted('eshop')) {
      if (!results.rawTransact16) {
        log('Raw DynamoDB Local: TransactWriteItems of 6 items (beside the store orders)...');
        results.rawTransact16 = await rawTransact(n(1000), 16, 'puts', 6);
      }
      eshop = await benchEshopOrders({ cooperativeId: demo, orders: n(2000), members: n(200), log, timed });
      results.eshopOrders16 = eshop.orders;
    }

    // Near the end, like the reports: the large cooperative's items would sit under the other measures.
    let lists: ListsResult | undefined;
    if (wanted('lists')) {
      const superToken = (await loginAs('superadmin', 'superadmin123')).data.token.token;
      lists = await benchLists({ call, token: superToken, members: n(50_000), calls: n(400), log });
      for (const [name, measure] of Object.entries(lists.measures)) {
        results[`${name}Small16`] = measure.latency.small;
        results[`${name}Large16`] = measure.latency.large;
      }
    }

    // Last: the 100x cooperative's items would otherwise sit in the table under every other measure.
    let reports: ReportsResult | undefined;
    if (wanted('reports')) {
      const superToken = (await loginAs('superadmin', 'superadmin123')).data.token.token;
      reports = await benchReports({ call, token: superToken, lines: n(10_000), postedLines: n(1000), log });
      for (const [name, measure] of Object.entries(reports.measures)) results[name] = measure.latency;
    }

    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    };
    const outDir = path.resolve(import.meta.dirname, '../../bench/results');
    await mkdir(outDir, { recursive: true });
    await writeFile(
      path.join(outDir, `${stamp}.json`),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          scale: SCALE,
          only: ONLY.length > 0 ? ONLY : undefined,
          machine,
          results,
          memberImport,
          signIn,
          approvals,
          setup,
          payroll,
          dividends,
          voting,
          eshop,
          lists,
          reports,
          contention,
        },
        null,
        2,
      ),
    );
    const rows = Object.entries(results).map(
      ([name, r]) =>
        `| ${name} | ${r.requests} | ${r.concurrency} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${round(r.perSecond * (itemsPer[name] ?? 1))} |`,
    );
    if (memberImport) {
      rows.push(
        `| memberImport (rows, end to end) | ${memberImport.rows} | 1 upload | ${memberImport.rowsPerSecond} | | | 0 | ${memberImport.rowsPerSecond} |`,
      );
    }
    const approvalLines = Object.entries(approvals).map(
      ([name, a]) =>
        `| ${name} | ${a.plans} | ${a.approved} | ${a.approvedKobo} | ${a.bankDebitMoved} | ${a.savingsCreditMoved} | ${a.journals} | ${a.reapprovalsRefused}/${a.reapprovalsTried} |`,
    );
    /** Measures counted per row of a file rather than per request. */
    const rowsOf: Record<string, number | undefined> = {
      memberImport: memberImport?.rows,
      payrollUpload: payroll?.members,
    };
    const requestsOf = (name: string) => results[name]?.requests ?? rowsOf[name];
    const callLines = Object.entries(contention).flatMap(([name, c]) => {
      const requests = requestsOf(name);
      if (!requests || name.startsWith('raw')) return [];
      const parts = Object.entries(c.commands)
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(([command, { calls, ms }]) => `${command} ${round(calls / requests)} x ${round(ms / calls)} ms`);
      return [`- ${name} (per ${name in rowsOf ? 'row' : 'request'}): ${parts.join(', ')}`];
    });
    // Measures that wrote nothing transactional (the reports) would only add rows of zeros.
    const contentionLines = Object.entries(contention).map(
      ([name, c]) =>
        `| ${name} | ${c.transactCalls} | ${c.transactCalls > 0 ? Math.round((c.transactItems / c.transactCalls) * 10) / 10 : '-'} | ${c.transactConflicts} | ${c.transactConditionFailures} | ${c.writeConflicts} | ${c.sdkRetries} | ${
          Object.entries(c.conflictItems)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([item, count]) => `${item}: ${count}`)
            .join('; ') || '-'
        } |`,
    );
    const report = [
      `# Bench ${new Date().toISOString()}`,
      '',
      `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GiB, Node ${machine.node}. Scale ${SCALE}.${ONLY.length > 0 ? ` Only ${ONLY.join(', ')} (BENCH_ONLY).` : ''}`,
      '',
      '| measure | requests | clients | per second | p50 ms | p99 ms | errors | items (rows) per second |',
      '|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      ...(memberImport
        ? [
            `Member import: ${memberImport.rows} rows (${Math.round(memberImport.fileBytes / 1024)} KiB), upload answered in ${memberImport.uploadSeconds} s, COMPLETED after ${memberImport.seconds} s; created ${memberImport.created}, members ${memberImport.membersBefore} -> ${memberImport.membersAfter}.`,
            '',
          ]
        : []),
      ...(approvalLines.length > 0
        ? [
            'Deposit approvals, checked after the run (amounts in kobo):',
            '',
            '| measure | plans | approved | approved amount | bank GL debit moved | savings GL credit moved | journals | second approvals refused |',
            '|---|---|---|---|---|---|---|---|',
            ...approvalLines,
            '',
            ...approvalRatios(results, approvalItems, contention),
          ]
        : []),
      ...(signIn ? ['## Sign-in', '', ...signInMarkdown(signIn, results.login1?.p50Ms), ''] : []),
      ...(payroll ? ['## Payroll', '', ...payrollMarkdown(payroll), ''] : []),
      ...(dividends ? ['## Dividends', '', ...dividendsMarkdown(dividends), ''] : []),
      ...(voting
        ? [
            `Ballots: ${voting.votesCast} cast in one position, counted ${voting.contestantVotes.join(' / ')} for the four contestants (checked against the ballots).`,
            '',
          ]
        : []),
      ...(eshop ? ['## Store orders', '', ...eshopMarkdown(eshop, results, contention), ''] : []),
      ...(lists ? [...listsMarkdown(lists), ''] : []),
      ...(reports ? [...reportsMarkdown(reports), ''] : []),
      ...(contentionLines.length > 0
        ? [
            'Application transactions (TransactWriteItems calls, retries included) during each measure:',
            '',
            '| measure | transact calls | items a call | cancelled: conflict | cancelled: condition | write conflicts | SDK retries | items named by conflicts |',
            '|---|---|---|---|---|---|---|---|',
            ...contentionLines,
            '',
          ]
        : []),
      ...(callLines.length > 0
        ? [
            'DynamoDB and Cognito calls per request of each application measure (calls, and mean ms per call, concurrent calls overlapping):',
            '',
            ...callLines,
            '',
          ]
        : []),
    ].join('\n');
    await writeFile(path.join(outDir, 'latest.md'), report);
    log(report);
  } finally {
    await runtime.stop();
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

function latency(result: ApprovalsResult): LatencyResult {
  const { requests, concurrency, seconds, perSecond, p50Ms, p99Ms, errors } = result;
  return { requests, concurrency, seconds, perSecond, p50Ms, p99Ms, errors };
}

main().catch((error: unknown) => {
  process.stderr.write(`Bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

/**
 * The approval rate against the raw transaction rates of the same run: the 6-item one the goal names
 * and one as large as an approval's transaction.
 */
function approvalRatios(
  results: Record<string, LatencyResult>,
  approvalItems: number | undefined,
  contention: Record<string, WriteCounts>,
): string[] {
  const approvals = results.approvalsSpread16?.perSecond;
  if (!approvals) return [];
  const percent = (raw: LatencyResult | undefined) => (raw ? `${round((approvals / raw.perSecond) * 100)}%` : '-');
  const [off, on] = [results.approvalsAuditOff16?.perSecond, results.approvalsAuditOn16?.perSecond];
  const itemsOf = (name: string) => {
    const c = contention[name];
    return c && c.transactCalls > 0 ? round(c.transactItems / c.transactCalls) : undefined;
  };
  return [
    `Deposit approvals (approvalsSpread16): ${approvals}/s, ${percent(results.rawTransact16)} of the raw 6-item transaction rate and ${percent(results.rawTransactApprovalSize16)} of the raw ${approvalItems ?? '?'}-item one (an approval's transaction, mean size).`,
    '',
    ...(off && on
      ? [
          `Audit trail: approvals ${on}/s with it, ${off}/s without it (${round((on / off) * 100)}%; goal: within 15%, at least 85%); items per transaction ${itemsOf('approvalsAuditOn16') ?? '?'} with it, ${itemsOf('approvalsAuditOff16') ?? '?'} without (goal: at most one more).`,
          '',
        ]
      : []),
  ];
}

/** The store orders' figures beside the raw 6-item transaction rate of the same run. */
function eshopMarkdown(
  eshop: EshopResult,
  results: Record<string, LatencyResult>,
  contention: Record<string, WriteCounts>,
): string[] {
  const raw = results.rawTransact16;
  const counts = contention.eshopOrders16;
  const items = counts ? round(counts.transactItems / Math.max(1, counts.transactCalls)) : undefined;
  const refusals = Object.entries(eshop.refused)
    .map(([reason, count]) => `${count} × "${reason}"`)
    .join('; ');
  return [
    `Store orders: ${eshop.orders.requests} orders at 16 clients by ${eshop.members} members with a funded savings plan against ${eshop.products} products of ${eshop.unitsStocked / eshop.products} units each, half paid from savings; placed in process (functions/eshop/orders.ts \`placeOrder\`), each its own transaction of ${items ?? '?'} items on average.`,
    '',
    '| measure | value |',
    '|---|---|',
    `| orders (accepted / refused by the rules) | ${eshop.accepted} / ${eshop.orders.requests - eshop.accepted} |`,
    `| refusals | ${refusals || 'none'} |`,
    `| rate | ${eshop.orders.perSecond} orders/s (p50 ${eshop.orders.p50Ms} ms, p99 ${eshop.orders.p99Ms} ms) |`,
    `| raw TransactWriteItems, 6 Puts, 16 clients (same run) | ${raw ? `${raw.perSecond} tx/s: orders at ${round((eshop.orders.perSecond / raw.perSecond) * 100)}% of it (goal: at least 50%)` : '-'} |`,
    `| units reserved of those stocked | ${eshop.unitsReserved} of ${eshop.unitsStocked} |`,
    `| held on plans by savings orders | ${eshop.heldKobo} kobo |`,
    `| checks | ${eshop.checks} |`,
  ];
}
