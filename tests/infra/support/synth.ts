import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildCoopLedger, createApp } from '../../../infra/lib/coopledger.ts';
import type { CoopLedgerStacks } from '../../../infra/lib/coopledger.ts';
import { stageConfig } from '../../../infra/lib/stage-config.ts';
import type { StageName } from '../../../infra/lib/stage-config.ts';
import type { WorkflowSpec } from '../../../infra/lib/workflows/registry.ts';
import { WORKFLOWS } from '../../../infra/lib/workflows/registry.ts';

export interface SynthesizedApp {
  app: App;
  stacks: CoopLedgerStacks;
  /** The same stacks in dependency order. */
  stackList: Stack[];
  template(stack: Stack): Template;
  /** Removes the cloud assembly written to a temporary folder. */
  cleanup(): void;
}

/**
 * The app exactly as `cdk synth` builds it, except that Lambda bundling and asset staging are
 * skipped, which keeps a synth to a few seconds.
 */
export function synthCoopLedger(stage: StageName, workflows?: readonly WorkflowSpec[]): SynthesizedApp {
  const outdir = mkdtempSync(join(tmpdir(), 'coopledger-infra-'));
  const app = createApp({
    // Skip esbuild, and leave file assets (the AWS CLI layer is 22 MB) where they are instead of copying them.
    context: { 'aws:cdk:bundling-stacks': [], 'aws:cdk:disable-asset-staging': true },
    outdir,
  });
  // Test workflows come on top of the registry's, which domains name in domain-permissions.ts.
  const stacks = buildCoopLedger(app, {
    stage: stageConfig(stage),
    workflows: workflows ? [...WORKFLOWS, ...workflows] : undefined,
  });
  const templates = new Map<Stack, Template>();
  return {
    app,
    stacks,
    stackList: [
      stacks.auth,
      stacks.firewall,
      stacks.edge,
      stacks.data,
      stacks.api,
      stacks.chat,
      stacks.site,
      stacks.monitoring,
    ],
    template(stack) {
      let template = templates.get(stack);
      if (template === undefined) {
        template = Template.fromStack(stack);
        templates.set(stack, template);
      }
      return template;
    },
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
