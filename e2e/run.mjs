// Runs the browser tests against the built portal: makes sure Debian's Chromium is there, starts the built
// server on a free port with a fresh embedded database (demo data), runs Playwright, stops the server.
// E2E_ERP=http (issue 28): the portal reaches its ledger over the ERP contract, served by the reference ERP service
// (the built erp-serve.js, --demo) as a process of its own with its own database; the tests can stop and start it
// (POST E2E_ERP_CONTROL_URL/stop, /start).
// PAYMENT_GATEWAY=stripe (issue 36): the portal takes payments through Stripe, played by the Stripe test double
// (npm run stripe:double) as a process of its own that delivers its signed events to the portal's webhook; the
// browser gets the Stripe.js stand-in through routing (e2e/stripe-js/README.md). Without spec arguments only the
// payment specs run (stripeSpecs below).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('Chromium is missing: installing the Debian package (apt-get install -y chromium)…');
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      const result = spawnSync('apt-get', args, {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    if (existsSync(chromium)) return;
  }
  console.error(
    'The browser tests need Chromium at /usr/bin/chromium. Install it with: sudo apt-get install -y chromium (Debian/Ubuntu).',
  );
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url, server, timeoutMs = 180_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`portal exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('portal did not become ready');
}

ensureChromium();
if (
  !existsSync(path.join(root, 'apps/server/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  console.error('The portal is not built: run npm run build first.');
  process.exit(1);
}

/**
 * The mail the portal sends during the tests: a real SMTP server in this process (the portal sends to it through
 * SMTP_URL), and a small HTTP endpoint where the browser tests read what arrived (GET /messages), e.g. to follow the
 * link of a confirmation or reset e-mail.
 */
async function startMailCatcher(controls = {}) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  const smtpPort = await freePort();
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createHttpServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    const control = request.method === 'POST' ? controls[request.url ?? ''] : undefined;
    if (control) {
      control().then(
        () => response.end('{}'),
        (error) => {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
      return;
    }
    response.end(JSON.stringify(request.url === '/messages' ? messages : []));
  });
  const httpPort = await freePort();
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    messagesUrl: `http://127.0.0.1:${httpPort}/messages`,
    controlUrl: `http://127.0.0.1:${httpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => http.close(r))]),
  };
}

/**
 * The reference ERP service (E2E_ERP=http): its own process, database and demo ledger, on a port of its own that
 * stays the same when the tests stop and start it.
 */
async function startErpService() {
  const port = await freePort();
  const token = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-erp-'));
  const url = `http://127.0.0.1:${port}`;
  let child = null;
  const start = async () => {
    if (child) return;
    child = spawn(process.execPath, ['apps/server/dist/erp-service/erp-serve.js', '--port', String(port), '--demo'], {
      cwd: root,
      env: { ...process.env, ERP_TOKEN: token, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const started = Date.now();
    while (Date.now() - started < 180_000) {
      if (child.exitCode !== null) throw new Error(`the ERP service exited with ${child.exitCode}`);
      try {
        const response = await fetch(`${url}/erp/v1/configuration`, { headers: { authorization: `Bearer ${token}` } });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the ERP service did not become ready');
  };
  const stop = async () => {
    if (!child) return;
    const stopping = child;
    child = null;
    const exited = new Promise((r) => stopping.once('exit', r));
    stopping.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url,
    token,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The specs that take payments: the whole payment story again against Stripe (and its own spec). */
const stripeSpecs = [
  'tests/payment-methods.spec.ts',
  'tests/payments.spec.ts',
  'tests/deposits.spec.ts',
  'tests/guest-payment.spec.ts',
  'tests/scheduled-payments.spec.ts',
  'tests/payments-received.spec.ts',
  'tests/stripe-payments.spec.ts',
  'tests/stripe-stand-in.spec.ts',
];

const stripeKeys = { secret: 'sk_test_double', publishable: 'pk_test_double', webhookSecret: 'whsec_e2e' };

/**
 * The Stripe test double (PAYMENT_GATEWAY=stripe) on a port of its own, sending its signed events to the portal's
 * webhook. npm runs it in a process group of its own, which is stopped as a whole.
 */
async function startStripeDouble(portalUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    'npm',
    [
      'run',
      'stripe:double',
      '--',
      '--port',
      String(port),
      '--webhook-url',
      `${portalUrl}/api/gateway/stripe/webhook`,
      '--webhook-secret',
      stripeKeys.webhookSecret,
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], detached: true },
  );
  const started = Date.now();
  for (let listening = false; !listening;) {
    if (child.exitCode !== null) throw new Error(`the Stripe test double exited with ${child.exitCode}`);
    if (Date.now() - started > 120_000) throw new Error('the Stripe test double did not start');
    // Any answer of the API (with the secret key) says it listens.
    listening = await fetch(`${url}/v1/customers?limit=1`, {
      headers: { authorization: `Bearer ${stripeKeys.secret}` },
    })
      .then(() => true)
      .catch(() => new Promise((r) => setTimeout(() => r(false), 300)));
  }
  return {
    url,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}

const controls = {};
const mail = await startMailCatcher(controls);
const erp = process.env.E2E_ERP === 'http' ? await startErpService() : null;
if (erp) Object.assign(controls, { '/erp/stop': erp.stop, '/erp/start': erp.start });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const stripe = process.env.PAYMENT_GATEWAY === 'stripe' ? await startStripeDouble(baseUrl) : null;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DATABASE_URL: '',
    SMTP_URL: mail.smtpUrl,
    MAIL_FROM: 'AR Portal <portal@example.com>',
    MAIL_POLL_INTERVAL_SECONDS: '1',
    // The webhook spec's receiver listens on 127.0.0.1, an address the portal refuses by default (SSRF).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // One browser on one address loads far more pages a minute than a person (the XSS spec renders each vector):
    // the general ceiling has API tests of its own.
    RATE_LIMIT_PER_MINUTE: '20000',
    // Every request is logged, so that the scan after the tests reads what a production log would hold.
    LOG_LEVEL: 'info',
    // Issue 37: the sandbox's returned debits and disputes come at the inbox job's next round, not 30 s later.
    SANDBOX_RETURN_AFTER_SECONDS: '0',
    // Issue 38: the scheduled jobs every 10 s, so that the collections job has read the worklist when its spec runs.
    SCHEDULER_INTERVAL_SECONDS: '10',
    ...(erp ? { ERP_URL: erp.url, ERP_TOKEN: erp.token } : { ERP_URL: '' }),
    ...(stripe
      ? {
          PAYMENT_GATEWAY: 'stripe',
          STRIPE_SECRET_KEY: stripeKeys.secret,
          STRIPE_PUBLISHABLE_KEY: stripeKeys.publishable,
          STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
          STRIPE_API_URL: stripe.url,
        }
      : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The whole log goes to a file for the scan; warnings and errors are shown as before.
const logFile = path.join(dataDir, 'server.log');
const log = createWriteStream(logFile);
createInterface({ input: server.stdout }).on('line', (line) => {
  log.write(`${line}\n`);
  let level = 50;
  try {
    level = JSON.parse(line).level ?? 50;
  } catch {
    // not a pino line: show it
  }
  if (level >= 40) console.log(line);
});

let status = 1;
try {
  await waitReady(baseUrl, server);
  // Not spawnSync: this process keeps answering SMTP and the mail endpoint while the tests run.
  const specs = process.argv.slice(2);
  const args = stripe && !specs.some((arg) => !arg.startsWith('-')) ? [...specs, ...stripeSpecs] : specs;
  const playwright = spawn('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_MAIL_URL: mail.messagesUrl,
      ...(erp ? { E2E_ERP_CONTROL_URL: `${mail.controlUrl}/erp` } : {}),
      ...(stripe ? { PAYMENT_GATEWAY: 'stripe', STRIPE_API_URL: stripe.url } : {}),
    },
  });
  status = await new Promise((resolve) => playwright.once('exit', (code) => resolve(code ?? 1)));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await mail.close();
  await erp?.close();
  await stripe?.close();
  await new Promise((r) => log.end(r));
  // Nothing sensitive at rest or in logs (DESIGN.md §3), after every flow the browser tests drove.
  const scan = spawnSync('npx', ['tsx', 'apps/server/src/test/scan-after-browser-tests.ts', dataDir, logFile], {
    cwd: root,
    stdio: 'inherit',
  });
  if (scan.status !== 0) status = status || 1;
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
