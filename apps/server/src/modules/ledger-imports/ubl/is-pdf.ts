// Whether bytes really are a PDF (issue 27 §2: "a file that only claims to be a PDF is never served as one"). A mime
// code or a file name never decides: the bytes do. ISO 32000 puts the header `%PDF-1.n` (or `%PDF-2.0`) at the
// start; readers accept it anywhere in the first 1024 bytes, so we do too. The file ends with the cross-reference
// pointer and the end-of-file marker (`startxref`, its offset, `%%EOF`), followed at most by line ends, and readers
// look for them in the last 1024 bytes: a file that has a header but no trailer there is not one they would open.

const window = 1024;
const header = /%PDF-(?:1\.[0-7]|2\.0)(?![0-9])/;

export function isPdf(bytes: Uint8Array): boolean {
  // The smallest real PDF (header, one object, xref, trailer) is well over 64 bytes.
  if (bytes.length < 64) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = buffer.toString('latin1', 0, Math.min(window, buffer.length));
  if (!header.test(head)) return false;
  const tail = buffer.toString('latin1', Math.max(0, buffer.length - window));
  const end = tail.lastIndexOf('%%EOF');
  if (end < 0 || !/^[\r\n\s\0]*$/.test(tail.slice(end + 5))) return false;
  return /startxref[\r\n ]+\d+[\r\n ]+%%EOF/.test(tail.slice(0, end + 5));
}
