import { posix, relative, sep } from 'node:path';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { DOMAINS } from '@coopledger/shared/routes';
import { PDF_FONT_DIR, PDF_FONT_FILES, packageFontPath } from '../../../functions/core/pdf-font-files.ts';
import type { Domain } from '@coopledger/shared/routes';
import type { ChatConnections } from '../chat/chat-stack.ts';
import { allowChatPush } from '../chat/chat-stack.ts';
import { permissionsOf } from '../domain-permissions.ts';
import { baseEnvironment } from '../lambda/environment.ts';
import type { AppResources } from '../lambda/environment.ts';
import { grantCognitoUsers, grantFiles, grantSendMail, grantTableReadWrite } from '../lambda/grants.ts';
import type { BundledFile } from '../lambda/node-function.ts';
import { nodeFunction } from '../lambda/node-function.ts';
import { pascalCase } from '../names.ts';
import { REPO_ROOT, domainEntry } from '../paths.ts';
import type { Workflows } from '../workflows/workflows.ts';

/**
 * The fonts of the member statement's PDF (functions/core/pdf-font-files.ts), copied from the font package
 * into the members function's asset under `fonts/`, where the bundle finds them beside its index.mjs.
 */
export const STATEMENT_FONT_FILES: readonly BundledFile[] = Object.values(PDF_FONT_FILES).map((file) => ({
  from: relative(REPO_ROOT, packageFontPath(file)).split(sep).join(posix.sep),
  to: posix.join(PDF_FONT_DIR, file),
}));

/** The files each domain's function carries beside its bundle. */
export const DOMAIN_BUNDLED_FILES: Partial<Record<Domain, readonly BundledFile[]>> = {
  members: STATEMENT_FONT_FILES,
};

/** One function per domain (functions/<domain>/handler.ts), granted what domain-permissions.ts lists. */
export function createDomainFunctions(
  scope: Construct,
  resources: AppResources,
  workflows: Workflows,
  chat: ChatConnections,
): Record<Domain, NodejsFunction> {
  const entries = DOMAINS.map((domain): [Domain, NodejsFunction] => {
    const fn = nodeFunction(scope, `${pascalCase(domain)}Function`, {
      entry: domainEntry(domain),
      description: `the ${domain} API domain`,
      environment: baseEnvironment(resources),
      stage: resources.stage,
      bundledFiles: DOMAIN_BUNDLED_FILES[domain],
    });
    grantTableReadWrite(fn, resources.table);
    const permissions = permissionsOf(domain);
    if (permissions.files) {
      grantFiles(fn, resources.filesBucket, permissions.files);
    }
    if (permissions.cognitoUsers) {
      grantCognitoUsers(fn, resources.userPool);
    }
    if (permissions.sendsMail) {
      grantSendMail(fn);
    }
    for (const workflow of permissions.startsWorkflows ?? []) {
      workflows.allowStart(fn, workflow);
    }
    if (permissions.chatConnections) {
      allowChatPush(fn, chat);
    }
    return [domain, fn];
  });
  return Object.fromEntries(entries) as Record<Domain, NodejsFunction>;
}
