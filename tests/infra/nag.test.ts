import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { addNagChecks } from '../../infra/lib/nag/checks.ts';
import { synthCoopLedger } from './support/synth.ts';
import { TEST_WORKFLOW } from './support/test-workflow.ts';

const builds = {
  dev: synthCoopLedger('dev'),
  prod: synthCoopLedger('prod'),
  'dev with a workflow': synthCoopLedger('dev', [TEST_WORKFLOW]),
};
afterAll(() => Object.values(builds).forEach((build) => build.cleanup()));

function acknowledgmentsUnder(root: IConstruct): { path: string; id: string; reason: unknown }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, unknown>))
      .map(([id, reason]) => ({ path: construct.node.path, id, reason })),
  );
}

describe.each(Object.entries(builds))('cdk-nag AwsSolutions (%s)', (_name, build) => {
  it('synthesizes with the checks registered, as `cdk synth` does', () => {
    // Prepare
    addNagChecks(build.app);
    // Act and assess: the validation plugin throws with its report on any unacknowledged finding.
    expect(() => build.app.synth()).not.toThrow();
  });

  it('leaves no finding, error or warning, unacknowledged', () => {
    // Prepare: some acknowledgments are recorded during synthesis (nag/allow-findings.ts).
    build.app.synth();
    // Act
    const report = new AwsSolutionsChecks().validateScope(build.app);
    const findings = report.violations.map(
      (violation) =>
        `${violation.severity} ${violation.ruleName} at ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
    );
    // Assess
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgment a reason in words', () => {
    // Prepare
    build.app.synth();
    // Act
    const acknowledgments = acknowledgmentsUnder(build.app);
    // Assess
    expect(acknowledgments.length).toBeGreaterThan(0);
    for (const { path, id, reason } of acknowledgments) {
      expect(typeof reason, `${id} at ${path}`).toBe('string');
      expect(String(reason).trim().length, `${id} at ${path}`).toBeGreaterThan(20);
    }
  });
});
