import { buildCoopLedger, createApp } from '../lib/coopledger.ts';
import { addNagChecks } from '../lib/nag/checks.ts';
import { stageFromContext } from '../lib/stage-config.ts';

// `cdk synth -c stage=prod`; stacks are environment-agnostic, so synth needs no AWS account.
const app = createApp();
buildCoopLedger(app, { stage: stageFromContext(app) });
addNagChecks(app);
app.synth();
