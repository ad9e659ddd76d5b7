import type { SchemaAttributeType, UserPoolClientType, UserPoolType } from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL } from '../local-names.ts';

/**
 * cognito-local keeps each pool in `.cognito/db/<poolId>.json` ({ Users, Options }) and every app
 * client in `.cognito/db/clients.json` ({ Clients }). Its CreateUserPool invents ids, so the pool
 * and client are written here, before it starts, with the fixed ids the web app and handlers use.
 * Existing users (kept under `.data/`) are left alone; only the pool's and client's settings are
 * brought up to date.
 */

const CUSTOM_ATTRIBUTES: SchemaAttributeType[] = ['role', 'cooperative_id'].map((name) => ({
  Name: `custom:${name}`,
  AttributeDataType: 'String',
  DeveloperOnlyAttribute: false,
  Mutable: true,
  Required: false,
  StringAttributeConstraints: { MinLength: '0', MaxLength: '256' },
}));

function poolOptions(now: string): UserPoolType {
  return {
    Id: LOCAL.userPoolId,
    Name: 'coopledger-local-users',
    Arn: `arn:aws:cognito-idp:${LOCAL.region}:${LOCAL.accountId}:userpool/${LOCAL.userPoolId}`,
    // Dates are kept as ISO strings in the file; cognito-local revives keys ending in "Date".
    CreationDate: now as unknown as Date,
    LastModifiedDate: now as unknown as Date,
    // The login ID is the username: no email or phone aliases, nothing to verify.
    UsernameAttributes: [],
    AutoVerifiedAttributes: [],
    MfaConfiguration: 'OFF',
    // Demo passwords such as "password123" must pass, as they do in the cloud pool.
    Policies: {
      PasswordPolicy: {
        MinimumLength: 8,
        RequireUppercase: false,
        RequireLowercase: false,
        RequireNumbers: false,
        RequireSymbols: false,
        TemporaryPasswordValidityDays: 7,
      },
    },
    AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    LambdaConfig: {},
    SchemaAttributes: [
      ...((USER_POOL_AWS_DEFAULTS.SchemaAttributes ?? []) as SchemaAttributeType[]),
      ...CUSTOM_ATTRIBUTES,
    ],
    VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
    EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    EstimatedNumberOfUsers: 0,
  };
}

function appClient(now: string): UserPoolClientType {
  return {
    UserPoolId: LOCAL.userPoolId,
    ClientId: LOCAL.userPoolClientId,
    ClientName: 'coopledger-local-web',
    CreationDate: now as unknown as Date,
    LastModifiedDate: now as unknown as Date,
    // cognito-local has no SRP; the web signs in with USER_PASSWORD_AUTH and refreshes, the API
    // with ADMIN_USER_PASSWORD_AUTH (the cloud client's flows, infra/lib/auth/user-pool.ts).
    ExplicitAuthFlows: [
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      'ALLOW_USER_SRP_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
    ],
    // The cloud pool's lifetimes (Cognito's defaults), so expiry and refresh are exercised locally.
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    PreventUserExistenceErrors: 'ENABLED',
    EnableTokenRevocation: true,
    SupportedIdentityProviders: ['COGNITO'],
  };
}

function readJson(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** cognito-local's file of the pool's users and settings, under its working folder `cwd`. */
export const cognitoPoolFile = (cwd: string) => join(cwd, '.cognito', 'db', `${LOCAL.userPoolId}.json`);

/** Attempts at reading the pool file while cognito-local is rewriting it (a partial file does not parse). */
const POOL_READ_ATTEMPTS = 5;

/**
 * The temporary password of a user who has not chosen their own yet (FORCE_CHANGE_PASSWORD), read
 * from cognito-local's pool file, which it writes on every change; undefined for anyone else. The
 * file is rewritten in place, so a read during a write can find it cut short: it is read again.
 */
export async function temporaryPasswordOf(poolFile: string, username: string): Promise<string | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    let pool: Record<string, unknown>;
    try {
      pool = readJson(poolFile);
    } catch (error) {
      if (!(error instanceof SyntaxError) || attempt >= POOL_READ_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      continue;
    }
    const users = (pool.Users ?? {}) as Record<string, { UserStatus?: string; Password?: string }>;
    const user = users[username];
    return user?.UserStatus === 'FORCE_CHANGE_PASSWORD' ? user.Password : undefined;
  }
}

/** Writes cognito-local's config and seeds the pool and client files under `<cwd>/.cognito`. */
export function writeCognitoFiles(cwd: string, settings: { issuerDomain: string; port: number; host: string }): void {
  const configDir = join(cwd, '.cognito');
  const dbDir = join(configDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const now = new Date().toISOString();

  writeJson(join(configDir, 'config.json'), {
    // Tokens carry iss = <IssuerDomain>/<poolId>; the local server verifies exactly that.
    TokenConfig: { IssuerDomain: settings.issuerDomain },
    UserPoolDefaults: { UsernameAttributes: [] },
    ServerConfig: { hostname: settings.host, port: settings.port },
  });

  const poolPath = cognitoPoolFile(cwd);
  const pool = readJson(poolPath);
  const previous = (pool.Options ?? {}) as UserPoolType;
  const options = poolOptions(now);
  writeJson(poolPath, {
    ...pool,
    Users: pool.Users ?? {},
    Options: { ...options, CreationDate: previous.CreationDate ?? options.CreationDate },
  });

  const clientsPath = join(dbDir, 'clients.json');
  const clients = readJson(clientsPath);
  const known = (clients.Clients ?? {}) as Record<string, UserPoolClientType>;
  const client = appClient(now);
  writeJson(clientsPath, {
    ...clients,
    Clients: {
      ...known,
      [LOCAL.userPoolClientId]: {
        ...client,
        CreationDate: known[LOCAL.userPoolClientId]?.CreationDate ?? client.CreationDate,
      },
    },
  });
}
