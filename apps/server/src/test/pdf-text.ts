// Reading back what a test PDF says.
import { inflateSync } from 'node:zlib';

/** The text drawn with the standard fonts: pdfkit writes it as hex strings in TJ arrays of deflated streams. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      texts.push(
        [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join(''),
      );
    }
  }
  return texts.join('\n');
}
