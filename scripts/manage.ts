// npm run manage -- <command> [--option value …]: operator commands against the configured
// database (DATABASE_URL, or the embedded PGlite under PGLITE_DIR / .data/pglite).
// Output: one JSON object per line on stdout; errors as {"error": "...", "fields"?: {...}} on
// stderr with a non-zero exit code (1 for failures, 2 for usage errors). See README.md.
import { and, eq, sql } from 'drizzle-orm';
import { closeDatabase, database, type Db } from '@/db';
import { DataDirLockedError } from '@/db/data-dir-lock';
import { accounts, channels, users } from '@/db/schema';
import { createAccountWithAdmin } from '@/lib/accounts/service';
import { createApiKey } from '@/lib/api-keys/service';
import { createApiKeySchema } from '@/lib/api-keys/validation';
import { ValidationError } from '@/lib/api/errors';
import { checkFlags, parseArgs, UsageError } from '@/lib/cli/args';
import { emit, emitError } from '@/lib/cli/output';
import { createUser } from '@/lib/members/service';
import { createCloudChannel, createSandboxChannel, findChannel, serializeChannel } from '@/lib/channels/service';
import { channelCreateSchema } from '@/lib/channels/validation';
import { saveTemplate } from '@/lib/templates/service';
import { templateCreateSchema } from '@/lib/templates/validation';


type Command = {
  usage: string;
  summary: string;
  required: string[];
  optional?: string[];
  run: (db: Db, flags: Record<string, string>) => Promise<object>;
  /** Where the running dashboard does the same, named when the embedded database is held by a server. */
  dashboard?: string;
};

function positiveInt(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--${flag} must be a positive integer.`);
  }
  return Number(value);
}

async function requireAccount(db: Db, value: string): Promise<number> {
  const accountId = positiveInt(value, 'account-id');
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw ValidationError.field('account_id', `Invalid pk "${accountId}" - object does not exist.`);
  return accountId;
}

// Where the callback URL printed by createchannel points: the public URL of the dashboard.
const publicOrigin = () => process.env.NEXTAUTH_URL || process.env.APP_URL || 'http://localhost:3000';

const commands: Record<string, Command> = {
  createaccount: {
    // The dashboard creates an account only on first run, so a further account waits for the server to stop.
    dashboard: 'the sign-in page (/login), which creates the first account while the database is empty; '
      + 'a further account cannot be created from the dashboard: stop the server, run createaccount, then start it again',
    usage: 'createaccount --name N --email E --password P [--country MX] [--first-name F] [--last-name L] [--timezone TZ]',
    summary: 'Create an account and its first ADMIN user.',
    required: ['name', 'email', 'password'],
    optional: ['country', 'first-name', 'last-name', 'timezone'],
    run: async (db, f) => {
      const { account, admin } = await createAccountWithAdmin(db, {
        name: f.name, email: f.email, password: f.password, country: f.country,
        first_name: f['first-name'], last_name: f['last-name'], default_timezone: f.timezone,
      });
      return { account_id: account.id, user_id: admin.id, email: admin.email, role: admin.role, country: account.country };
    },
  },
  createuser: {
    dashboard: 'Settings → Members (/settings/members) in the dashboard, or POST /api/account-member',
    usage: 'createuser --account-id A --email E --password P [--role AGENT|MANAGER|ADMIN] [--first-name F] [--last-name L]',
    summary: 'Add a user (default role AGENT) to an existing account.',
    required: ['account-id', 'email', 'password'],
    optional: ['role', 'first-name', 'last-name'],
    run: async (db, f) => {
      const accountId = positiveInt(f['account-id'], 'account-id');
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
      if (!account) throw ValidationError.field('account_id', `Invalid pk "${accountId}" - object does not exist.`);
      const user = await createUser(db, accountId, {
        email: f.email, password: f.password, role: f.role?.toUpperCase() as never,
        first_name: f['first-name'], last_name: f['last-name'],
      });
      return { user_id: user.id, account_id: user.accountId, email: user.email, role: user.role };
    },
  },
  createapikey: {
    dashboard: 'API keys (/dev/api-keys) in the dashboard',
    usage: 'createapikey --email E [--name N]',
    summary: 'Create an API key acting as the user with that email; the key is shown only here.',
    required: ['email'],
    optional: ['name'],
    run: async (db, f) => {
      const [user] = await db.select({ id: users.id, accountId: users.accountId }).from(users)
        .where(eq(sql`lower(${users.email})`, f.email.trim().toLowerCase())).limit(1);
      if (!user) throw ValidationError.field('email', `No user with the email "${f.email}".`);
      const { name } = createApiKeySchema.parse({ name: f.name ?? 'manage createapikey' });
      const created = await createApiKey(db, user.accountId, { name, userId: user.id, createdById: user.id });
      return {
        id: created.id, name: created.name, prefix: created.prefix, key: created.key,
        user_id: user.id, account_id: user.accountId, email: created.user.email,
      };
    },
  },
  createchannel: {
    dashboard: 'Settings → Channels → Add channel (/settings/channels/new) in the dashboard, or POST /api/channels',
    usage: 'createchannel --account-id A --provider cloud_api|sandbox [--name N --phone-number-id P --business-account-id W '
      + '--access-token T --app-secret S --verify-token V [--app-id I] [--base-url URL] [--api-version v21.0] [--rate-limit 80]]',
    summary: 'Add a cloud_api channel (or the sandbox channel, if the account lacks one); prints it with secrets masked.',
    required: ['account-id', 'provider'],
    optional: ['name', 'phone-number-id', 'business-account-id', 'access-token', 'app-secret', 'verify-token', 'app-id',
      'base-url', 'api-version', 'rate-limit'],
    run: async (db, f) => {
      const accountId = await requireAccount(db, f['account-id']);
      const provider = f.provider.toLowerCase().replace(/^provider_/, '');
      if (provider === 'sandbox') {
        return serializeChannel(await db.transaction((tx) => createSandboxChannel(tx, accountId)), publicOrigin());
      }
      if (provider !== 'cloud_api') throw new UsageError('--provider must be cloud_api or sandbox.');
      const input = channelCreateSchema.parse({
        name: f.name, phone_number_id: f['phone-number-id'], business_account_id: f['business-account-id'],
        access_token: f['access-token'], app_secret: f['app-secret'], verify_token: f['verify-token'], app_id: f['app-id'],
        base_url: f['base-url'], api_version: f['api-version'], rate_limit: f['rate-limit'],
      });
      return serializeChannel(await createCloudChannel(db, accountId, input), publicOrigin());
    },
  },
  createtemplate: {
    dashboard: 'Templates → New template (/templates/new) in the dashboard, or POST /api/channels/chat/template',
    usage: 'createtemplate --account-id A --name N --language L --category C [--status approved] [--components JSON] [--channel-id C]',
    summary: 'Create or replace a chat template (default: on the account\'s sandbox channel, approved).',
    required: ['account-id', 'name', 'language', 'category'],
    optional: ['status', 'components', 'channel-id'],
    run: async (db, f) => {
      const accountId = await requireAccount(db, f['account-id']);
      let components: unknown;
      if (f.components !== undefined) {
        try {
          components = JSON.parse(f.components);
        } catch (error) {
          throw new UsageError(`--components is not valid JSON: ${(error as Error).message}`);
        }
      }
      const input = templateCreateSchema.parse({
        name: f.name, language: f.language, category: f.category.toUpperCase(), status: f.status?.toLowerCase(), components,
      });
      let channelId: number;
      if (f['channel-id'] !== undefined) {
        channelId = (await findChannel(db, accountId, positiveInt(f['channel-id'], 'channel-id'))).id;
      } else {
        const [sandbox] = await db.select({ id: channels.id }).from(channels)
          .where(and(eq(channels.accountId, accountId), eq(channels.isSandbox, true))).limit(1);
        channelId = sandbox?.id ?? (await db.transaction((tx) => createSandboxChannel(tx, accountId))).id;
      }
      return saveTemplate(db, accountId, channelId, input);
    },
  },
};

function help(): object {
  return {
    usage: 'npm run manage -- <command> [options]',
    commands: Object.fromEntries(Object.entries(commands).map(([name, c]) => [name, { usage: c.usage, summary: c.summary }])),
  };
}

async function main(): Promise<number> {
  const { command, flags } = parseArgs(process.argv.slice(2));
  if (!command || ['help', '--help', '-h'].includes(command)) {
    emit(help());
    return command ? 0 : 2;
  }
  const spec = commands[command];
  if (!spec) throw new UsageError(`Unknown command "${command}". Commands: ${Object.keys(commands).join(', ')}.`);
  checkFlags(flags, spec.required, spec.optional);
  // Opening applies pending migrations; on the embedded database it refuses while a server holds it:
  // one process only may open it, so the refusal names where the running server does the same.
  let db: Db;
  try {
    ({ db } = await database());
  } catch (error) {
    if (error instanceof DataDirLockedError && spec.dashboard) {
      throw new DataDirLockedError(error.dir, error.pid, `While it runs, use ${spec.dashboard} instead.`);
    }
    throw error;
  }
  emit(await spec.run(db, flags));
  return 0;
}

// package.json has no "type": "module", so tsx runs this file as CommonJS: no top-level await.
async function run(): Promise<void> {
  let exitCode = 0;
  try {
    exitCode = await main();
  } catch (error) {
    exitCode = emitError(error);
  } finally {
    await closeDatabase().catch(() => {});
  }
  // Nothing else should be pending, but a stray handle must never keep an operator's shell waiting.
  process.exit(exitCode);
}

void run();
