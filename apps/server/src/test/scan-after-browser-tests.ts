// The security scan after the browser tests (e2e/run.mjs): the portal they drove has stopped; its embedded
// database and the log it wrote are searched for card numbers, CVV fields and bank account numbers, as the API
// tests do for their apps (sensitive-data-scan.ts). The browser flows (cards typed into the hosted frame, 3-D
// Secure, deposits, guest payments) are thereby covered end to end.
// Usage: tsx apps/server/src/test/scan-after-browser-tests.ts <data dir> <server log file>
import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { dumpDatabase, findSensitiveData, knownTestSecrets } from './sensitive-data-scan';

const [dataDir, logFile] = process.argv.slice(2);
if (!dataDir || !logFile) {
  process.stderr.write('usage: scan-after-browser-tests <data dir> <server log file>\n');
  process.exit(2);
}

const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  const lines = await dumpDatabase(database.db);
  const findings = [
    ...findSensitiveData(lines, 'database', knownTestSecrets),
    ...findSensitiveData(readFileSync(logFile, 'utf8').split('\n'), 'server log', knownTestSecrets),
  ];
  for (const finding of findings) process.stderr.write(`${finding.where}: ${finding.what}: ${finding.excerpt}\n`);
  process.stdout.write(
    `Security scan after the browser tests: ${lines.length} database rows and the server log searched, ` +
      `${findings.length} finding(s).\n`,
  );
  process.exitCode = findings.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
