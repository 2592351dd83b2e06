// Issue 17: the web app's JavaScript as a browser downloads it, from the built apps/web/dist (run npm run build
// first). The first load is index.html's entry script, every chunk it preloads, and the messages the reader's
// language needs before the first paint (its chunk: base and the language merged at build time, apps/web/build/
// message-chunks.ts; lib/i18n.ts); every other chunk loads
// later, with the route (or the part of a route) that needs it. Sizes gzipped at level 9. Targets: first load
// ≤ 170 KB, each later chunk ≤ 50 KB.
//
// Then Lighthouse on the sign-in page and the invoice list (bench/web/lighthouse.ts; --no-lighthouse skips it).
//
//   npm run bench:web [-- --no-lighthouse]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Verdict } from '../lib/report';
import { runLighthouse, type PageFigures } from './lighthouse';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gzipped = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`)
  .map((file) => ({ file, gzipKb: kb(gzipped(file)), initial: initial.has(file) }));

const round = (value: number) => Math.round(value * 10) / 10;
const layer = (name: string) => chunks.find((c) => new RegExp(`^assets/messages-${name}-[\\w-]{8}\\.js$`).test(c.file));
const languageLayers = ['en', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'ru'].map((name) => ({
  name,
  kb: layer(name)?.gzipKb ?? 0,
}));
const heaviest = languageLayers.sort((a, b) => b.kb - a.kb)[0]!;
const scripts = round(chunks.filter((c) => c.initial).reduce((sum, c) => sum + c.gzipKb, 0));
const english = round(scripts + (layer('en')?.gzipKb ?? 0));
const firstLoadKb = round(scripts + heaviest.kb);
const later = chunks
  .filter((c) => !c.initial && !c.file.startsWith('assets/messages-'))
  .sort((a, b) => b.gzipKb - a.gzipKb);
const figures = {
  bench: 'web-sizes',
  firstLoad: {
    gzipKb: firstLoadKb,
    of: `scripts ${scripts} + ${heaviest.name} messages ${heaviest.kb} (the heaviest language; English ${round(english - scripts)})`,
    englishReaderKb: english,
    targetKb: 170,
    met: firstLoadKb <= 170,
    files: initial.size,
  },
  laterChunks: {
    count: later.length,
    largestGzipKb: later[0]?.gzipKb ?? 0,
    targetKb: 50,
    over: later.filter((c) => c.gzipKb > 50).map((c) => `${c.file} ${c.gzipKb} KB`),
  },
  largestFirstLoadFiles: chunks
    .filter((c) => c.initial)
    .sort((a, b) => b.gzipKb - a.gzipKb)
    .slice(0, 5)
    .map((c) => `${c.file} ${c.gzipKb} KB`),
};
const verdicts: Verdict[] = [
  {
    label: 'first load, gzipped JS (heaviest language)',
    value: `${firstLoadKb} KB`,
    target: '≤ 170 KB',
    met: firstLoadKb <= 170,
  },
  { label: 'first load, English reader', value: `${english} KB`, target: '≤ 170 KB', met: english <= 170 },
  {
    label: 'largest later chunk, gzipped',
    value: `${figures.laterChunks.largestGzipKb} KB`,
    target: '≤ 50 KB',
    met: figures.laterChunks.largestGzipKb <= 50,
  },
];
const log = (line: string) => process.stdout.write(`${line}\n`);
log(
  `First load: ${firstLoadKb} KB gzipped (${figures.firstLoad.of}); largest later chunk ${figures.laterChunks.largestGzipKb} KB`,
);
log(`Largest first-load files: ${figures.largestFirstLoadFiles.join(', ')}`);

let lighthouse: PageFigures[] = [];
if (!process.argv.includes('--no-lighthouse')) {
  log('\nLighthouse (mobile profile: slow 4G, 4× CPU slowdown), built portal on its embedded database, demo data');
  // Lighthouse leaves timer-bound promises behind (a race it lost rejects with "Infinity"), sometimes while it still
  // measures: they end nothing, the figures come from its answers.
  process.on('unhandledRejection', (reason) => log(`  (Lighthouse left a rejected promise behind: ${String(reason)})`));
  lighthouse = await runLighthouse();
  for (const page of lighthouse) {
    log(
      `  ${page.page}: performance ${page.performanceScore}, LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, ` +
        `CLS ${page.cls}, FCP ${page.fcpMs} ms${page.tableRows === undefined ? '' : `, ${page.tableRows} table rows in the DOM`}`,
    );
    if (page.layoutShifts.length) log(`    moved: ${page.layoutShifts.join('; ')}`);
    log(`    largest contentful paint: ${page.lcpElement}`);
    log(`    main thread: ${page.mainThread.join(', ')}`);
    log(`    busiest scripts (evaluation + parse and compile): ${page.busiestScripts.join(', ')}`);
    verdicts.push(
      {
        label: `${page.page}: LCP (Lighthouse, mobile)`,
        value: `${page.lcpMs} ms`,
        target: '≤ 2,500 ms',
        met: page.lcpMs <= 2500,
      },
      { label: `${page.page}: TBT`, value: `${page.tbtMs} ms`, target: '≤ 200 ms', met: page.tbtMs <= 200 },
      { label: `${page.page}: CLS`, value: String(page.cls), target: '≤ 0.1', met: page.cls <= 0.1 },
    );
    if (page.tableRows !== undefined)
      verdicts.push({
        label: 'invoice table rows in the DOM',
        value: String(page.tableRows),
        target: '≤ ~100',
        met: page.tableRows <= 100,
      });
  }
}
// The figures are out: a promise Lighthouse left behind that rejects now ends nothing either.
process.on('unhandledRejection', () => undefined);
process.stdout.write(`${JSON.stringify({ ...figures, lighthouse, verdicts })}\n`);
process.exit(0);
