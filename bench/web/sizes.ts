// Issue 17: the web app's JavaScript as a browser downloads it, from the built apps/web/dist (run npm run build
// first). The first load is index.html's entry script, every chunk it preloads, and the message layers the reader's
// language needs before the first paint (base, and the language's own layer: lib/i18n.ts); every other chunk loads
// later, with the route (or the part of a route) that needs it. Sizes gzipped at level 9. Targets: first load
// ≤ 170 KB, each later chunk ≤ 50 KB.
//
//   npm run bench:web
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
const languageLayers = ['de', 'es', 'fr', 'it', 'ja', 'pt', 'ru'].map((name) => ({
  name,
  kb: layer(name)?.gzipKb ?? 0,
}));
const heaviest = languageLayers.sort((a, b) => b.kb - a.kb)[0]!;
const scripts = round(chunks.filter((c) => c.initial).reduce((sum, c) => sum + c.gzipKb, 0));
const english = round(scripts + (layer('base')?.gzipKb ?? 0));
const firstLoadKb = round(english + heaviest.kb);
const later = chunks
  .filter((c) => !c.initial && !c.file.startsWith('assets/messages-'))
  .sort((a, b) => b.gzipKb - a.gzipKb);
const figures = {
  bench: 'web-sizes',
  firstLoad: {
    gzipKb: firstLoadKb,
    of: `scripts ${scripts} + English messages ${round(english - scripts)} + ${heaviest.name} messages ${heaviest.kb} (the heaviest language)`,
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
process.stdout.write(`${JSON.stringify(figures)}\n`);
