// Reads an untrusted XML file into a small tree of the elements the caller keeps, with saxes (a streaming,
// non-validating parser that fetches nothing and expands no entity but the five predefined ones and character
// references). Everything hostile is refused before it can cost memory or time:
// - a DOCTYPE anywhere is refused as soon as the text reaching the parser holds one, before the parser sees it (so no
//   internal subset is ever read: no XXE, no billion laughs), and again by the parser's own doctype event;
// - the file's size, the nesting depth, the number of elements, attributes per element, the length of any text run
//   (checked between chunks, so a 10 MB text node is refused after one chunk past the limit, not at its end), and
//   the decoded size of embedded binary objects (counted on the base64 text before anything is decoded).
// Input is decoded chunk by chunk (UTF-8, or UTF-16 with a byte order mark) and fed to the parser as it goes.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import type { UblRejection } from './ubl-document';

export type XmlLimits = {
  /** The file's size in bytes. */
  maxBytes: number;
  maxDepth: number;
  maxElements: number;
  /** Characters of one text node, comment or attribute value (other than an embedded binary object). */
  maxTextLength: number;
  maxAttributes: number;
  /** Decoded bytes of one embedded binary object. */
  maxBinaryBytes: number;
};

export type XmlNode = {
  uri: string;
  local: string;
  /** Unqualified attributes only (schemeID, currencyID, unitCode, mimeCode, filename...). */
  attributes: Record<string, string>;
  /** The element's text (concatenated text and CDATA), untrimmed; '' for a binary element. */
  text: string;
  children: XmlNode[];
  /** The decoded content of a binary element. */
  binary?: Buffer;
};

export type ReadXmlOptions = {
  limits: XmlLimits;
  /** The first element's refusal, if it is not a root the caller reads: checked before anything else is read. */
  checkRoot: (uri: string, local: string) => UblRejection | undefined;
  /** Elements kept in the tree with their subtrees; others (signatures, extensions) are read, counted and dropped. */
  keep: (uri: string) => boolean;
  /** Elements whose text is base64 to decode (size-capped before decoding). */
  isBinary: (uri: string, local: string) => boolean;
  /** How a path names an element in a rejection (`cac:Delivery`). */
  qualify: (uri: string, local: string) => string;
};

/** A refusal carries what was read before it (`partial`), so that the caller can name the document. */
export type ReadXmlResult =
  { ok: true; root: XmlNode } | { ok: false; rejection: UblRejection; partial: XmlNode | null };

class Refusal extends Error {
  constructor(readonly rejection: UblRejection) {
    super(rejection.messageKey);
  }
}

function refuse(messageKey: string, values: Record<string, string> = {}, field = ''): never {
  throw new Refusal({ field, messageKey, values });
}

const chunkBytes = 64 * 1024;
const doctypePattern = /<!DOCTYPE/i;
const leadingWhitespace = /^[ \t\r\n]+/;
const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;
// Attribute values are identifiers, codes and file names: a few hundred characters at most.
const maxAttributeLength = 4096;

/** The largest base64 text (with line breaks and indentation) a binary object within the limit can take. */
function base64Allowance(maxBinaryBytes: number): number {
  return Math.ceil(maxBinaryBytes / 3) * 4 * 1.1 + 4096;
}

type Frame = {
  node: XmlNode | null;
  name: string;
  binary: boolean;
  parts: string[];
  length: number;
};

function decoderFor(bytes: Buffer): { decoder: TextDecoder; utf16: boolean } {
  // A UTF-8 byte order mark is taken off by the decoder itself.
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { decoder: new TextDecoder('utf-16be', { fatal: true }), utf16: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { decoder: new TextDecoder('utf-16le', { fatal: true }), utf16: true };
  return { decoder: new TextDecoder('utf-8', { fatal: true }), utf16: false };
}

export function readXml(bytes: Buffer, options: ReadXmlOptions): ReadXmlResult {
  const { limits } = options;
  if (bytes.length > limits.maxBytes) {
    return {
      ok: false,
      rejection: { field: '', messageKey: 'ubl.errors.too_large', values: { limit: String(limits.maxBytes) } },
      partial: null,
    };
  }
  const { decoder, utf16 } = decoderFor(bytes);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: Frame[] = [];
  let root: XmlNode | null = null;
  let elements = 0;
  let attributes = 0;
  let lastMark = 0;
  // Lines taken off with the whitespace before the XML declaration, so that reported lines match the file's.
  let lineOffset = 0;
  const line = () => String(parser.line + lineOffset);
  // Paths start below the root, like the paths of checkUbl (`cac:Delivery/cbc:ID`).
  const pathOf = () =>
    stack
      .slice(1)
      .map((frame) => frame.name)
      .join('/');
  const mark = () => {
    lastMark = parser.position;
  };
  const binaryAllowance = base64Allowance(limits.maxBinaryBytes);

  parser.on('error', (error) => {
    // saxes prefixes its message with "line:column: "; the line and column are reported as values instead.
    refuse('ubl.errors.malformed', {
      line: line(),
      column: String(parser.column),
      detail: error.message.replace(/^\d+:\d+: /, ''),
    });
  });
  parser.on('doctype', () => refuse('ubl.errors.doctype_refused', { line: line() }));
  parser.on('xmldecl', (declaration) => {
    const encoding = declaration.encoding?.toLowerCase();
    const allowed = utf16 ? ['utf-16', 'utf-16le', 'utf-16be'] : ['utf-8', 'utf8', 'us-ascii', 'ascii'];
    if (encoding !== undefined && !allowed.includes(encoding)) {
      refuse('ubl.errors.unsupported_encoding', { encoding: declaration.encoding ?? '' });
    }
    mark();
  });
  parser.on('opentagstart', () => {
    elements += 1;
    if (elements > limits.maxElements) refuse('ubl.errors.too_many_elements', { limit: String(limits.maxElements) });
    if (stack.length + 1 > limits.maxDepth) {
      refuse('ubl.errors.too_deep', { limit: String(limits.maxDepth), line: line() }, pathOf());
    }
    attributes = 0;
    mark();
  });
  parser.on('attribute', (attribute) => {
    attributes += 1;
    if (attributes > limits.maxAttributes) {
      refuse('ubl.errors.too_many_attributes', { limit: String(limits.maxAttributes), line: line() }, pathOf());
    }
    if (attribute.value.length > maxAttributeLength) {
      refuse('ubl.errors.text_too_long', { limit: String(maxAttributeLength), line: line() }, pathOf());
    }
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const parent = stack.at(-1);
    if (!parent) {
      const rejection = options.checkRoot(tag.uri, tag.local);
      if (rejection) throw new Refusal(rejection);
    }
    const kept = (parent === undefined || parent.node !== null) && (parent === undefined || options.keep(tag.uri));
    let node: XmlNode | null = null;
    if (kept) {
      node = { uri: tag.uri, local: tag.local, attributes: plainAttributes(tag.attributes), text: '', children: [] };
      if (parent?.node) parent.node.children.push(node);
      else root = node;
    }
    stack.push({
      node,
      name: options.qualify(tag.uri, tag.local),
      binary: kept && options.isBinary(tag.uri, tag.local),
      parts: [],
      length: 0,
    });
    mark();
  });
  const onText = (text: string) => {
    const frame = stack.at(-1);
    if (!frame) return; // whitespace around the root (anything else is a parser error)
    frame.length += text.length;
    if (frame.binary) {
      if (frame.length > binaryAllowance) refuseBinary(frame);
    } else if (frame.length > limits.maxTextLength) {
      refuse('ubl.errors.text_too_long', { limit: String(limits.maxTextLength), line: line() }, pathOf());
    }
    if (frame.node) frame.parts.push(text);
    mark();
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('comment', mark);
  parser.on('processinginstruction', mark);
  parser.on('closetag', () => {
    const frame = stack.pop();
    if (frame?.node) {
      if (frame.binary) frame.node.binary = decodeBinary(frame);
      else frame.node.text = frame.parts.length === 1 ? frame.parts[0]! : frame.parts.join('');
    }
    mark();
  });

  function refuseBinary(frame: Frame): never {
    stack.push(frame); // popped already when called from closetag: name the element in the path
    refuse(
      'ubl.errors.attachment_too_large',
      { limit: String(limits.maxBinaryBytes), filename: frame.node?.attributes.filename || '—' },
      pathOf(),
    );
  }

  function decodeBinary(frame: Frame): Buffer {
    const text = frame.parts.join('').replace(/[ \t\r\n]+/g, '');
    frame.parts = [];
    if (text.length % 4 !== 0 || !base64Text.test(text)) {
      stack.push(frame);
      refuse('ubl.errors.invalid_attachment', { filename: frame.node?.attributes.filename || '—' }, pathOf());
    }
    const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
    if ((text.length / 4) * 3 - padding > limits.maxBinaryBytes) refuseBinary(frame);
    return Buffer.from(text, 'base64');
  }

  // A text run still open after a chunk (no markup since the last event) is held against the limit of the element
  // it is in, so that a huge text node, comment or attribute is refused without being read to its end.
  const checkOpenRun = () => {
    const run = parser.position - lastMark;
    const frame = stack.at(-1);
    const allowed = frame?.binary ? binaryAllowance : limits.maxTextLength + maxAttributeLength;
    if (run > allowed) {
      if (frame?.binary) refuseBinary(stack.pop()!);
      refuse('ubl.errors.text_too_long', { limit: String(limits.maxTextLength), line: line() }, pathOf());
    }
  };

  let started = false;
  let tail = '';
  const feed = (text: string) => {
    if (!started) {
      // Whitespace (and a byte order mark) before the XML declaration is tolerated: some senders' tools write it,
      // and it cannot change what the document says.
      const leading = leadingWhitespace.exec(text)?.[0] ?? '';
      lineOffset += leading.split('\n').length - 1;
      text = text.slice(leading.length);
      if (text === '') return;
      started = true;
    }
    // Checked on the text with the end of the previous chunk, so a DOCTYPE split across two chunks is seen too.
    if (doctypePattern.test(tail + text)) refuse('ubl.errors.doctype_refused', {});
    tail = text.slice(-8);
    parser.write(text);
    checkOpenRun();
  };

  try {
    for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
      let text: string;
      try {
        text = decoder.decode(bytes.subarray(offset, offset + chunkBytes), { stream: true });
      } catch {
        refuse('ubl.errors.invalid_encoding', {});
      }
      feed(text);
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      refuse('ubl.errors.invalid_encoding', {});
    }
    feed(rest);
    parser.close();
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, rejection: error.rejection, partial: root };
    throw error;
  }
  if (!root)
    return {
      ok: false,
      rejection: {
        field: '',
        messageKey: 'ubl.errors.malformed',
        values: { line: line(), column: '0', detail: 'no root element' },
      },
      partial: null,
    };
  return { ok: true, root };
}

const noAttributes: Record<string, string> = Object.freeze({}) as Record<string, string>;

function plainAttributes(attributes: Record<string, SaxesAttributeNS>): Record<string, string> {
  let plain: Record<string, string> | undefined;
  for (const attribute of Object.values(attributes)) {
    if (attribute.uri !== '' || attribute.prefix !== '') continue; // xmlns declarations, xsi:..., foreign attributes
    plain ??= {};
    plain[attribute.local] = attribute.value;
  }
  return plain ?? noAttributes;
}
