// npm run bench:disputes [-- --runs 5]
// Issue 39: what a dispute attachment costs the server, in process: the byte checks of the largest files a customer
// may send (10 MB each): a 12-megapixel JPEG and a PNG re-encoded by sharp, a 10 MB PDF scanned for active content
// (its object streams inflated). Prints p50 / max milliseconds per file and the process's RSS growth, beside the
// baseline of reading the same bytes' SHA-256 (what storing them costs at least). No target in the issue: the figures
// say what one upload holds a core for. Not part of npm test or CI.
import { createHash, randomFillSync } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { checkAttachment } from '../../apps/server/src/modules/disputes/attachment-checks';

const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

/** A photo-like pattern for the JPEG; random noise for the PNG (it does not compress: the largest PNG of its size). */
async function noiseImage(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  if (format === 'png') randomFillSync(raw);
  else for (let index = 0; index < raw.length; index++) raw[index] = (index * 2654435761) >>> 24;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}

/** A PDF of about `bytes`: one page, an object stream (inflated by the check) and a large image stream. */
function bigPdf(bytes: number): Buffer {
  const objects = deflateSync(Buffer.from('1 0 2 20 << /Type /Catalog /Pages 3 0 R >> << /Type /Font >>'));
  const filler = Buffer.alloc(bytes - 2000, 0x41);
  const parts = [
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(`5 0 obj << /Type /ObjStm /N 2 /First 8 /Filter /FlateDecode /Length ${objects.length} >>\nstream\n`),
    objects,
    Buffer.from('\nendstream endobj\n'),
    Buffer.from(`6 0 obj << /Type /XObject /Subtype /Image /Length ${filler.length} >>\nstream\n`),
    filler,
    Buffer.from('\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ];
  return Buffer.concat(parts);
}

const round = (value: number) => Math.round(value * 10) / 10;
const mib = (bytes: number) => round(bytes / 1024 / 1024);

async function measure(name: string, fileName: string, bytes: Buffer) {
  const samples: number[] = [];
  const hashes: number[] = [];
  let stored = 0;
  for (let run = 0; run < runs; run++) {
    let start = performance.now();
    createHash('sha256').update(bytes).digest('hex');
    hashes.push(performance.now() - start);
    start = performance.now();
    const checked = await checkAttachment({ fileName, bytes });
    samples.push(performance.now() - start);
    stored = checked.bytes.length;
  }
  samples.sort((a, b) => a - b);
  hashes.sort((a, b) => a - b);
  const p50 = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `${name}: ${mib(bytes.length)} MiB in, ${mib(stored)} MiB stored; check p50 ${round(p50)} ms, max ${round(samples.at(-1)!)} ms (baseline SHA-256 of the bytes p50 ${round(hashes[Math.floor(hashes.length / 2)]!)} ms)`,
  );
  return { name, in_bytes: bytes.length, stored_bytes: stored, p50_ms: round(p50), max_ms: round(samples.at(-1)!) };
}

const rssBefore = process.memoryUsage().rss;
const jpeg = await noiseImage(4000, 3000, 'jpeg');
const png = await noiseImage(1800, 1800, 'png');
const pdf = bigPdf(10 * 1024 * 1024 - 4096);
const results = [
  await measure('JPEG 4000×3000 re-encoded', 'photo.jpg', jpeg),
  await measure('PNG 1800×1800 re-encoded', 'scan.png', png),
  await measure('PDF scanned', 'proof.pdf', pdf),
];
const rssGrowth = process.memoryUsage().rss - rssBefore;
console.log(
  `RSS growth over the run: ${mib(rssGrowth)} MiB (the inputs themselves: ${mib(jpeg.length + png.length + pdf.length)} MiB)`,
);
console.log(JSON.stringify({ runs, results, rss_growth_bytes: rssGrowth }));
