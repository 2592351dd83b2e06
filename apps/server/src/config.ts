// Every setting of the portal server: name, default and one line of doc. The only file that reads process.env.
// `npm start -- --help` prints this table.
import os from 'node:os';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const settings = {
  PORT: { schema: z.coerce.number().int().min(0).max(65535), default: '3000', doc: 'HTTP port to listen on.' },
  HOST: { schema: z.string(), default: '0.0.0.0', doc: 'Interface to listen on.' },
  DATA_DIR: {
    schema: z.string(),
    default: './data',
    doc: 'Folder of the embedded PostgreSQL (PGlite) when DATABASE_URL is not set.',
  },
  DATABASE_URL: {
    schema: z.string().url().optional(),
    default: undefined,
    doc: 'postgres://... to run on a real PostgreSQL instead of the embedded one.',
  },
  WEB_CONCURRENCY: {
    schema: z.coerce.number().int().min(1).max(256).optional(),
    default: undefined,
    doc: 'Worker processes (node:cluster), also --workers N. Default: one per core with DATABASE_URL; the embedded database runs in one process only.',
  },
  DEMO: {
    schema: flag.optional(),
    default: undefined,
    doc: 'Seed demo users and the demo ledger. Default: on for the embedded database, off with DATABASE_URL (or pass --demo).',
  },
  REDIS_URL: {
    schema: z.string().optional(),
    default: undefined,
    doc: 'redis://... for rate limits shared across instances; in-memory when unset.',
  },
  PUBLIC_URL: {
    schema: z.string().url().optional(),
    default: undefined,
    doc: 'Address users reach the portal at (links in e-mails, 3-D Secure return). Default: http://localhost:<PORT>.',
  },
  CORS_ORIGINS: {
    schema: z.string(),
    default: '',
    doc: 'Comma-separated origins allowed by CORS; empty means CORS closed.',
  },
  TRUST_PROXY: { schema: flag, default: 'false', doc: 'Trust X-Forwarded-* headers from a reverse proxy.' },
  RATE_LIMIT_PER_MINUTE: {
    schema: z.coerce.number().int().min(1),
    default: '600',
    doc: 'Requests per minute per client address across the API (a general ceiling; sign-in has its own limits).',
  },
  GUEST_LOOKUP_MAX_PER_ADDRESS: {
    schema: z.coerce.number().int().min(1),
    default: '10',
    doc: 'Guest invoice lookups per client address per window before 429 (shared through Redis when REDIS_URL is set).',
  },
  GUEST_LOOKUP_MAX_PER_ACCOUNT: {
    schema: z.coerce.number().int().min(1),
    default: '20',
    doc: 'Guest invoice lookups per account number per window, from any address, before 429.',
  },
  GUEST_LOOKUP_WINDOW_SECONDS: {
    schema: z.coerce.number().int().min(1),
    default: '900',
    doc: 'The window of the two guest lookup limits.',
  },
  GUEST_LOOKUP_MIN_MS: {
    schema: z.coerce.number().int().min(0),
    default: '250',
    doc: 'Every guest lookup answer (found or not) takes at least this long, so that timing tells nothing.',
  },
  ACCESS_TOKEN_SECRET: {
    schema: z.string().min(32).optional(),
    default: undefined,
    doc: 'HMAC secret of access tokens (>= 32 chars). Default: generated once and kept in the database.',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    schema: z.coerce.number().int().min(30),
    default: '600',
    doc: 'Lifetime of a bearer access token.',
  },
  IDLE_TIMEOUT_SECONDS: {
    schema: z.coerce.number().int().min(60),
    default: '1800',
    doc: 'Idle time after which a session ends on the server (spec: 30 minutes).',
  },
  SESSION_MAX_HOURS: {
    schema: z.coerce.number().int().min(1),
    default: '12',
    doc: 'Absolute lifetime of a session, whatever the activity.',
  },
  LOGIN_MAX_FAILURES_PER_ACCOUNT: {
    schema: z.coerce.number().int().min(1),
    default: '10',
    doc: 'Failed sign-ins per account per 15 minutes before sign-in is refused.',
  },
  LOGIN_MAX_FAILURES_PER_ADDRESS: {
    schema: z.coerce.number().int().min(1),
    default: '50',
    doc: 'Failed sign-ins per client address per 15 minutes before sign-in is refused.',
  },
  PASSWORD_RESET_MAX_PER_ADDRESS: {
    schema: z.coerce.number().int().min(1),
    default: '20',
    doc: 'Password-reset requests per client address per 15 minutes before 429.',
  },
  PASSWORD_RESET_MAX_PER_EMAIL: {
    schema: z.coerce.number().int().min(1),
    default: '5',
    doc: 'Password-reset requests per e-mail address per 15 minutes, from any address, before 429.',
  },
  COOKIE_SECURE: {
    schema: flag.optional(),
    default: undefined,
    doc: 'Mark cookies Secure. Default: on when PUBLIC_URL is https.',
  },
  EVENT_LOOP_BLOCKED_MS: {
    schema: z.coerce.number().int().min(0),
    default: '2000',
    doc: 'An event loop late by more than this is blocked: a warning with the route it served (written while it lasts by a watchdog thread), and /api/ready answers 503 for a while (0: not watched).',
  },
  EVENT_LOOP_UNREADY_SECONDS: {
    schema: z.coerce.number().int().min(0),
    default: '10',
    doc: 'How long /api/ready answers 503 after the event loop was blocked, so that a load balancer sends requests elsewhere.',
  },
  RESPONSE_CHECK: {
    schema: flag,
    default: 'false',
    doc: 'Also check every JSON answer against its contract with zod, and that the fast serialiser wrote the same JSON (the tests turn it on; slower).',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    doc: 'pino log level.',
  },
  PDF_UNICODE_FONT: {
    schema: z.string().optional(),
    default: undefined,
    doc: 'Font for invoice PDF text outside Latin-1, e.g. Japanese names ("path" or "path#PostScriptName" of a collection). Default: an installed Noto Sans CJK.',
  },
  PDF_LINK_TTL_SECONDS: {
    schema: z.coerce.number().int().min(10).max(3600),
    default: '120',
    doc: 'Lifetime of a signed invoice PDF link (opened in a new tab, so it cannot carry the bearer token).',
  },
  SANDBOX_GATEWAY_ORIGIN: {
    schema: z.union([z.string().url(), z.literal('')]),
    default: '',
    doc: "Origin the built-in sandbox gateway's frame and 3-D Secure pages are reached at (another host name of this server, e.g. http://gateway.localhost:3000); empty: the portal's own.",
  },
  SANDBOX_GATEWAY_SLOW_ANSWER_MS: {
    schema: z.coerce.number().int().min(0),
    default: '5000',
    doc: 'How long the sandbox keeps a caller waiting before its time-out test numbers time out.',
  },
  SANDBOX_RETURN_AFTER_SECONDS: {
    schema: z.coerce.number().int().min(0).max(86_400),
    default: '30',
    doc: 'Issue 37: how long after approval the sandbox returns a bank debit of its return test accounts (ending 2227, 1113) and opens the dispute of its dispute test card (4000 0000 0000 0259).',
  },
  PAYMENT_GATEWAY: {
    schema: z.enum(['sandbox', 'stripe']),
    default: 'sandbox',
    doc: 'Issue 36: the payment provider: the built-in sandbox (no real money) or Stripe (docs/stripe.md; needs the STRIPE_ keys).',
  },
  STRIPE_SECRET_KEY: {
    schema: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe secret or restricted key (sk_test_..., rk_live_...)')
      .optional(),
    default: undefined,
    doc: "Stripe's secret (or restricted) key; sk_test_ for test mode. Never logged.",
  },
  STRIPE_PUBLISHABLE_KEY: {
    schema: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'a Stripe publishable key (pk_test_... or pk_live_...)')
      .optional(),
    default: undefined,
    doc: "Stripe's publishable key, given to the browser for Stripe's Payment Element.",
  },
  STRIPE_WEBHOOK_SECRET: {
    schema: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, 'a webhook signing secret (whsec_...)')
      .optional(),
    default: undefined,
    doc: 'The signing secret of the Stripe webhook endpoint /api/gateway/stripe/webhook (Stripe-Signature).',
  },
  STRIPE_API_URL: {
    schema: z.union([z.string().url(), z.literal('')]),
    default: '',
    doc: "Tests only: the address of a Stripe test double (npm run stripe:double); empty: Stripe's own API.",
  },
  STRIPE_TIMEOUT_MS: {
    schema: z.coerce.number().int().min(1000).max(80_000),
    default: '30000',
    doc: 'How long a call to Stripe may take before its outcome is treated as unknown (the reconciler then asks).',
  },
  PAYMENT_RECONCILE_AFTER_SECONDS: {
    schema: z.coerce.number().int().min(30),
    default: '120',
    doc: 'Age after which a payment left pending (crash, gateway time-out) is settled by the reconciler from the gateway record; longer than any gateway call may take.',
  },
  PAYMENT_RECONCILE_INTERVAL_SECONDS: {
    schema: z.coerce.number().int().min(0),
    default: '30',
    doc: 'How often each instance looks for payments to reconcile (0: never; run the reconciler elsewhere).',
  },
  SCHEDULER_INTERVAL_SECONDS: {
    schema: z.coerce.number().int().min(0),
    default: '60',
    doc: 'Issue 29: how often each instance runs the scheduled jobs (scheduled payments, AutoPay, monthly statements); rows are leased, so instances share the work (0: never).',
  },
  COLLECTIONS_REFRESH_MINUTES: {
    schema: z.coerce.number().int().min(1).max(1440),
    default: '60',
    doc: "Issue 38: how often the collections job reads the ERP's open items again for the worklist and the figures (the reminders go once a day).",
  },
  TEST_CLOCK: {
    schema: flag,
    default: 'false',
    doc: 'Test systems only: the clock runs at the offset kept in the database (app_settings test_clock), which browser and multi-instance tests move to make scheduled jobs come due. Refused with NODE_ENV=production.',
  },
  SMTP_URL: {
    schema: z.union([z.string().regex(/^smtps?:\/\//, 'smtp:// or smtps://'), z.literal('')]),
    default: '',
    doc: 'smtp://user:pass@host:port (smtps:// for TLS) to send e-mail when the configuration has no SMTP settings; empty: messages stay in the outbox (Sent e-mail page).',
  },
  MAIL_FROM: {
    schema: z.string(),
    default: '',
    doc: 'Sender of e-mail sent through SMTP_URL, e.g. "AR Portal <portal@example.com>" (default: portal@ the PUBLIC_URL host).',
  },
  MAIL_POLL_INTERVAL_SECONDS: {
    schema: z.coerce.number().min(0),
    default: '5',
    doc: 'How often each instance looks for e-mail due to be sent (0: never; new messages are also sent at once).',
  },
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: {
    schema: flag,
    default: 'false',
    doc: 'Let webhook endpoints reach private, loopback, link-local and other internal addresses (a receiver on the same host or network); off: refused, at creation and at every send.',
  },
  ERP_URL: {
    schema: z.union([z.string().regex(/^https?:\/\/[^/]+/, 'http:// or https:// URL'), z.literal('')]),
    default: '',
    doc: 'Base URL of an ERP that serves the ERP contract (docs/erp-api.yaml), e.g. http://127.0.0.1:4100; empty: the built-in ledger.',
  },
  ERP_TOKEN: {
    schema: z.string(),
    default: '',
    doc: 'Bearer token of the ERP contract: the portal sends it to ERP_URL; npm run erp:serve requires it of callers.',
  },
  ERP_TIMEOUT_SECONDS: {
    schema: z.coerce.number().positive().max(120),
    default: '8',
    doc: 'Time allowed for one call to ERP_URL (connection and answer), within the 10 s in which a screen says the ERP is down.',
  },
  ERP_CONFIGURATION_CACHE_SECONDS: {
    schema: z.coerce.number().int().min(0).max(86_400),
    default: '60',
    doc: "How long the ERP's backend configuration (company codes, payment types, reason codes) is kept before it is asked again; 0: asked on every use. The last one read answers while the ERP is down.",
  },
  WEBHOOK_TIMEOUT_SECONDS: {
    schema: z.coerce.number().positive().max(300),
    default: '15',
    doc: 'Time allowed for one webhook delivery attempt (connection and answer); a slower receiver is retried later.',
  },
  WEBHOOK_POLL_INTERVAL_SECONDS: {
    schema: z.coerce.number().min(0),
    default: '5',
    doc: 'How often each instance looks for webhook messages due to be sent (0: never; new events are also sent at once).',
  },
  CONFIG_ENCRYPTION_KEY: {
    schema: z.string().min(32).optional(),
    default: undefined,
    doc: 'Key (>= 32 chars) that encrypts secrets at rest (SMTP password, links in queued e-mail). Default: generated and kept in DATA_DIR (embedded) or in the database (set it with DATABASE_URL).',
  },
  ADMIN_RECOVERY_KEY: {
    schema: z.string().min(16).optional(),
    default: undefined,
    doc: 'Key of the admin recovery page (/admin/recovery, >= 16 chars); unset: recovery is off (404).',
  },
  WEB_DIST: {
    schema: z.string(),
    default: '',
    doc: 'Folder of the built web app to serve; default apps/web/dist next to the server.',
  },
} as const;

type Settings = typeof settings;
type Parsed = { [K in keyof Settings]: z.output<Settings[K]['schema']> };

export type Config = Omit<Parsed, 'PUBLIC_URL'> & {
  /** Always set: PUBLIC_URL, else this machine at PORT. */
  PUBLIC_URL: string;
  demoSeed: boolean;
  embedded: boolean;
  cookieSecure: boolean;
  workers: number;
};

export function loadConfig(
  overrides: Partial<Record<keyof Settings, string>> = {},
  argv: string[] = [],
  environment: Record<string, string | undefined> = process.env,
): Config {
  const env: Record<string, string | undefined> = { ...environment, ...overrides };
  const parsed: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, setting] of Object.entries(settings)) {
    const raw = env[name] === '' && setting.default === undefined ? undefined : (env[name] ?? setting.default);
    const result = (setting.schema as z.ZodType).safeParse(raw);
    if (result.success) parsed[name] = result.data;
    else problems.push(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (parsed.TEST_CLOCK && env.NODE_ENV === 'production')
    problems.push('TEST_CLOCK: a clock that tests move is never on in production (NODE_ENV=production)');
  if (parsed.ERP_URL && !parsed.ERP_TOKEN)
    problems.push('ERP_TOKEN: required with ERP_URL (the bearer token the ERP expects)');
  if (parsed.PAYMENT_GATEWAY === 'stripe') problems.push(...stripeProblems(parsed as Parsed));
  if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const parsedSettings = parsed as Parsed;
  // Without PUBLIC_URL the links (mail, 3-D Secure return) and the start-up line point at the port listened on.
  const config = {
    ...parsedSettings,
    PUBLIC_URL: parsedSettings.PUBLIC_URL ?? `http://localhost:${parsedSettings.PORT}`,
  };
  const embedded = !config.DATABASE_URL;
  return {
    ...config,
    embedded,
    workers: workerCount(argv, config.WEB_CONCURRENCY, embedded),
    demoSeed: argv.includes('--demo') || (config.DEMO ?? embedded),
    cookieSecure: config.COOKIE_SECURE ?? config.PUBLIC_URL.startsWith('https:'),
  };
}

/** Issue 36: Stripe needs its three keys, of one mode (a test publishable key with a live secret key is a mistake). */
function stripeProblems(parsed: Parsed): string[] {
  const problems: string[] = [];
  const { STRIPE_SECRET_KEY: secret, STRIPE_PUBLISHABLE_KEY: publishable, STRIPE_WEBHOOK_SECRET: webhook } = parsed;
  if (!secret) problems.push('STRIPE_SECRET_KEY: required with PAYMENT_GATEWAY=stripe');
  if (!publishable) problems.push('STRIPE_PUBLISHABLE_KEY: required with PAYMENT_GATEWAY=stripe');
  if (!webhook) problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_GATEWAY=stripe');
  if (secret && publishable && secret.includes('_live_') !== publishable.includes('_live_'))
    problems.push('STRIPE_PUBLISHABLE_KEY: of another mode than STRIPE_SECRET_KEY (one is live, the other test)');
  if (secret?.includes('_live_') && parsed.STRIPE_API_URL)
    problems.push('STRIPE_API_URL: a test double never takes a live key');
  return problems;
}

/**
 * Worker processes (issue 17): --workers N, else WEB_CONCURRENCY, else one per core on PostgreSQL. The embedded
 * database is a file that one process opens: asking it for more is refused with what to do instead.
 */
function workerCount(argv: string[], fromEnvironment: number | undefined, embedded: boolean): number {
  const flag = argv.indexOf('--workers');
  const fromFlag = flag >= 0 ? Number(argv[flag + 1]) : undefined;
  if (fromFlag !== undefined && !(Number.isInteger(fromFlag) && fromFlag >= 1 && fromFlag <= 256))
    throw new Error('Invalid configuration:\n  --workers: a whole number from 1 to 256');
  const asked = fromFlag ?? fromEnvironment;
  if (embedded) {
    if (asked !== undefined && asked > 1)
      throw new Error(
        `Invalid configuration:\n  ${asked} workers need PostgreSQL: the embedded database (PGlite) runs in one process. Set DATABASE_URL to use every core, or run one worker.`,
      );
    return 1;
  }
  return asked ?? os.availableParallelism();
}

export function describeSettings(): string {
  const lines = Object.entries(settings).map(
    ([name, s]) => `  ${name.padEnd(32)} ${s.doc}${s.default !== undefined ? ` (default: ${s.default})` : ''}`,
  );
  return [
    'Usage: npm start [-- --demo] [-- --workers N] [-- --help]',
    '',
    'Settings (environment variables):',
    ...lines,
    '',
    '  --demo        seed demo users and ledger on a DATABASE_URL database',
    '  --workers N   worker processes on a DATABASE_URL database (default: one per core)',
  ].join('\n');
}

/**
 * Where API tests run: with TEST_DATABASE_URL (a PostgreSQL server; each test file gets a database of its own)
 * or, by default, on an in-memory PGlite.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * TEST_ERP=http (issue 28): each API test's portal reaches its ledger over the ERP contract, through the reference
 * ERP service on a port of its own, instead of in process (CI runs the API tests both ways).
 */
export function testErpOverHttp(): boolean {
  return process.env.TEST_ERP === 'http';
}

/**
 * TEST_TRANSPORT=http (issue 35): each API test's `app.inject` goes over a real socket to the listening app, sent by
 * undici (test/socket-inject.ts), instead of light-my-request's request in memory (CI runs the API tests both ways).
 */
/**
 * Issue 36: the payment provider of the API tests: `stripe` (TEST_GATEWAY=stripe) gives every test's portal Stripe
 * against a Stripe test double of its own (CI runs the payment tests both ways); the sandbox by default.
 */
export function testGateway(): 'sandbox' | 'stripe' {
  return process.env.TEST_GATEWAY === 'stripe' ? 'stripe' : 'sandbox';
}

export function testOverSocket(): boolean {
  return process.env.TEST_TRANSPORT === 'http';
}

/** A Redis for the tests of limits shared across instances (TEST_REDIS_URL); those tests are skipped without one. */
export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || undefined;
}

/** The API key the import CLI sends through the portal's API (npm run ledger:import -- --url …): kept out of argv. */
export function cliApiKey(): string | undefined {
  return process.env.PORTAL_API_KEY || undefined;
}

/** Where a command line tool was started (npm runs workspace scripts in the workspace's folder and says so here). */
export function callerDirectory(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/**
 * The contract fuzzing's seed and depth (issue 16): FUZZ_SEED replays a run that failed (each run prints its seed),
 * FUZZ_RUNS sets the requests per route and caller (default 20).
 */
export function fuzzSettings(): { seed: number | undefined; runs: number } {
  const seed = Number.parseInt(process.env.FUZZ_SEED ?? '', 10);
  const runs = Number.parseInt(process.env.FUZZ_RUNS ?? '', 10);
  return { seed: Number.isNaN(seed) ? undefined : seed, runs: Number.isNaN(runs) || runs < 1 ? 20 : runs };
}
