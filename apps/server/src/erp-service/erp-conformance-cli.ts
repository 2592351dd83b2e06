// npm run erp:conformance -- --url https://erp-gateway.example.com --token … [--payer 0000100001] [--company-code 1000]
//   [--sales-organization 1000] [--distribution-channel 10] [--division 00] [--writes]
// Checks an implementation of the ERP contract (docs/erp-api.yaml) and prints one line per check, naming the call;
// exits 1 when one fails. The defaults are the reference service's demo payer (npm run erp:serve -- --demo).
// --writes also adds and deletes a test card, posts three minor units on an open invoice and reverses one of them, and
// records a dispute case of that invoice and updates it (or meets 501: the operation is optional): a test system only.
import process from 'node:process';
import { parseArgs } from 'node:util';
import { runConformance } from './erp-conformance';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      payer: { type: 'string', default: '0000100001' },
      'company-code': { type: 'string', default: '1000' },
      'sales-organization': { type: 'string' },
      'distribution-channel': { type: 'string', default: '10' },
      division: { type: 'string', default: '00' },
      writes: { type: 'boolean', default: false },
    },
  });
  if (!values.url || !values.token) {
    process.stderr.write('Usage: npm run erp:conformance -- --url <ERP base URL> --token <bearer token> [--writes]\n');
    return 2;
  }
  const companyCode = values['company-code'];
  const checks = await runConformance({
    url: values.url,
    token: values.token,
    payer: values.payer,
    companyCode,
    salesArea: {
      sales_organization: values['sales-organization'] ?? companyCode,
      distribution_channel: values['distribution-channel'],
      division: values.division,
    },
    writes: values.writes,
  });
  for (const check of checks) {
    const mark = check.ok ? 'ok  ' : 'FAIL';
    process.stdout.write(`${mark} ${check.call.padEnd(24)} ${check.what}${check.detail ? `: ${check.detail}` : ''}\n`);
  }
  const failed = checks.filter((check) => !check.ok).length;
  process.stdout.write(
    `${checks.length - failed} of ${checks.length} checks passed${values.writes ? '' : ' (reads only; --writes also checks the writes)'}\n`,
  );
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
