// Issue 39 (ADR 0034, "Attachments: every byte is hostile"): files on a dispute through the API, sent as a browser's
// FormData sends them. Accepted: a PDF as it was sent, a PNG and a JPEG written again (other bytes, no EXIF), a PNG
// named x.pdf and sent as application/pdf (the bytes decide: it is stored as the PNG it is, named x.png). Refused, and
// nothing of the request stored: an SVG, an HTML file named .pdf, a PDF with JavaScript (also hex-escaped), a file over
// 10 MB (413, read no further than the limit; the server answers the next call), a sixth file. Downloads are
// attachments, nosniff, sandboxed. Another customer, a sold-to user of another sold-to and nobody: 404/404/401.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisputeAttachment, ErrorResponse } from '@portal/contracts';
import { auditEvents, disputeAttachments, disputeMessages, documents, invoiceDisputes } from '../../db/schema';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';

let t: TestApp;
let payer: string;
let admin: string;
let thirdParty: string;
let soldTo: string;
/** Disputes on open invoices of payer 0000100001 (company code 1000), none of sold-to 0000200001. */
let dispute: string;
/** Every refused upload goes here: it never holds a file. */
let refusals: string;
let other: string;
let closed: string;

beforeAll(async () => {
  t = await createTestApp({ ledgerDocuments: 300, settings: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const tokenOf = async (login: string) => (await signInAs(t.app, login)).token;
  payer = await tokenOf('payer@example.com');
  admin = await tokenOf('admin@example.com');
  thirdParty = await tokenOf('thirdparty@example.com');
  soldTo = await tokenOf('soldto@example.com');
  const invoices = await t.database.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.payerNumber, '0000100001'),
        eq(documents.companyCode, '1000'),
        gt(documents.openAmount, 0n),
        eq(documents.itemIsAPayment, false),
        ne(documents.soldtoNumber, '0000200001'),
      ),
    )
    .limit(4);
  expect(invoices).toHaveLength(4);
  dispute = await insertDispute(invoices[0]!, 'open');
  refusals = await insertDispute(invoices[1]!, 'open');
  other = await insertDispute(invoices[2]!, 'open');
  closed = await insertDispute(invoices[3]!, 'resolved');
});

afterAll(async () => {
  // The security scan reads bytea as hex: in kilobytes of it, a run of digits passes Luhn and a card prefix by chance.
  // What a customer attaches is theirs to hold (an invoice copy may well show a card's last digits); not scanned.
  await t?.database.db.delete(disputeAttachments);
  await t?.close();
});

async function insertDispute(invoice: typeof documents.$inferSelect, status: 'open' | 'resolved'): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  await t.database.db.insert(invoiceDisputes).values({
    id,
    payerNumber: invoice.payerNumber,
    payerName: 'Demo payer',
    companyCode: invoice.companyCode,
    soldtoNumber: invoice.soldtoNumber,
    billingDocumentNumber: invoice.billingDocumentNumber,
    documentNumberFinance: invoice.documentNumberFinance,
    fiscalYear: invoice.fiscalYear,
    lineItem: invoice.lineItem,
    documentKey: [invoice.companyCode, invoice.documentNumberFinance, invoice.fiscalYear, invoice.lineItem].join('|'),
    currencyKey: invoice.currencyKey,
    currencyDecimals: 2,
    amountMinor: invoice.openAmount,
    openAmountMinor: invoice.openAmount,
    reasonCode: 'OTHER',
    status,
    outcome: status === 'resolved' ? 'rejected' : null,
    source: 'portal',
    targetDate: '2026-12-02',
    erpStatus: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

type Upload = { name: string; type: string; content: Buffer | string; field?: string };

/** The body and Content-Type a browser's fetch sends for a FormData (undici's serialiser, the Fetch spec's). */
async function formData(files: Upload[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const file of files)
    form.append(
      file.field ?? 'file',
      new Blob([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(token: string | null, disputeId: string, files: Upload[]) {
  const { body, contentType } = await formData(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/attachments`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': contentType },
    payload: body,
  });
}

function download(token: string | null, disputeId: string, attachmentId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/disputes/${disputeId}/attachments/${attachmentId}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function stored(disputeId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(disputeAttachments)
    .where(eq(disputeAttachments.disputeId, disputeId));
  return row!.n;
}

function refusal(response: { statusCode: number; json: () => unknown }) {
  const body = response.json() as ErrorResponse;
  return { status: response.statusCode, error: body.error, messageKey: body.messageKey };
}

async function pdf(script?: 'plain' | 'escaped'): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText('Proof of delivery: 3 of 5 pallets');
  if (script)
    document.catalog.set(
      PDFName.of('OpenAction'),
      document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
    );
  const bytes = Buffer.from(await document.save({ useObjectStreams: script !== 'escaped' }));
  return script === 'escaped'
    ? Buffer.from(bytes.toString('latin1').replace('/JavaScript', '/J#61vaScript'), 'latin1')
    : bytes;
}

// Written with metadata and without compression: what sharp writes again differs.
const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 120, b: 60, alpha: 1 } } })
    .png({ compressionLevel: 0 })
    .withExif({ IFD0: { Artist: 'Screenshot tool' } })
    .toBuffer();

describe('POST /api/disputes/:id/attachments', () => {
  it('stores a PDF as sent, a PNG and a JPEG written again, with their thread entries and audit rows', async () => {
    const document = await pdf();
    const screenshot = await png();
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#cc3333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Pat Payer', Copyright: 'GPS 48.1374 11.5755' } })
      .toBuffer();
    t.clock.advance(60_000);
    const response = await upload(payer, dispute, [
      { name: 'Lieferschein März.pdf', type: 'application/pdf', content: document },
      { name: 'C:\\fakepath\\screenshot.png', type: 'image/png', content: screenshot },
      { name: 'photo.jpeg', type: 'image/jpeg', content: photo },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { attachments } = response.json() as { attachments: DisputeAttachment[] };
    expect(attachments.map((a) => [a.file_name, a.content_type, a.side, a.uploaded_by])).toEqual([
      ['Lieferschein März.pdf', 'application/pdf', 'customer', 'Pat Payer'],
      ['screenshot.png', 'image/png', 'customer', 'Pat Payer'],
      ['photo.jpeg', 'image/jpeg', 'customer', 'Pat Payer'],
    ]);

    const [pdfFile, pngFile, jpegFile] = await Promise.all(attachments.map((a) => download(payer, dispute, a.id)));
    expect(pdfFile!.rawPayload.equals(document)).toBe(true);
    expect(attachments[0]!.size).toBe(document.length);
    expect(pngFile!.rawPayload.equals(screenshot)).toBe(false);
    expect(pngFile!.rawPayload.includes('Screenshot tool')).toBe(false);
    expect((await sharp(pngFile!.rawPayload).metadata()).format).toBe('png');
    expect(jpegFile!.rawPayload.equals(photo)).toBe(false);
    expect(jpegFile!.rawPayload.includes('GPS 48.1374')).toBe(false);
    const written = await sharp(jpegFile!.rawPayload).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(written.exif).toBeUndefined();

    const [row] = await t.database.db
      .select()
      .from(disputeAttachments)
      .where(eq(disputeAttachments.id, attachments[2]!.id));
    expect(row).toMatchObject({
      sizeBytes: jpegFile!.rawPayload.length,
      side: 'customer',
      uploadedByName: 'Pat Payer',
    });
    expect(row!.content.equals(jpegFile!.rawPayload)).toBe(true);
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const entries = await t.database.db
      .select()
      .from(disputeMessages)
      .where(and(eq(disputeMessages.disputeId, dispute), eq(disputeMessages.kind, 'attachment')));
    expect(entries.map((entry) => [entry.attachmentId, entry.side, entry.authorName])).toEqual(
      attachments.map((a) => [a.id, 'customer', 'Pat Payer']),
    );
    const [changed] = await t.database.db.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, dispute));
    expect(changed!.updatedAt).toEqual(t.clock.now());
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.event, 'dispute_attachment_added'));
    expect(audit.map((event) => (event.details as { attachment_id: string }).attachment_id)).toEqual(
      attachments.map((a) => a.id),
    );
  });

  it('answers a download as an attachment of its stored type, nosniff and sandboxed, its name in RFC 5987', async () => {
    const [first] = await t.database.db
      .select()
      .from(disputeAttachments)
      .where(and(eq(disputeAttachments.disputeId, dispute), eq(disputeAttachments.contentType, 'application/pdf')));
    const response = await download(payer, dispute, first!.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="Lieferschein M_rz.pdf"; filename*=UTF-8''Lieferschein%20M%C3%A4rz.pdf`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
    // The AR team reads it too.
    expect((await download(admin, dispute, first!.id)).statusCode).toBe(200);
  });

  it('takes a PNG sent as application/pdf and named x.pdf as the PNG it is, named x.png', async () => {
    const response = await upload(payer, dispute, [{ name: 'x.pdf', type: 'application/pdf', content: await png() }]);
    expect(response.statusCode, response.body).toBe(201);
    const [attachment] = (response.json() as { attachments: DisputeAttachment[] }).attachments;
    expect(attachment).toMatchObject({ file_name: 'x.png', content_type: 'image/png' });
    const file = await download(payer, dispute, attachment!.id);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''x.png`);
  });

  it.each([
    [
      'an SVG with a script',
      {
        name: 'chart.svg',
        type: 'image/svg+xml',
        content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      415,
      'validation.disputes.attachment_type',
    ],
    [
      'an HTML file named .pdf',
      { name: 'invoice.pdf', type: 'application/pdf', content: '<html><body onload="alert(1)">Invoice</body></html>' },
      415,
      'validation.disputes.attachment_type',
    ],
  ])('refuses %s, and stores nothing of the request', async (_what, bad, status, messageKey) => {
    const response = await upload(payer, refusals, [
      { name: 'good.png', type: 'image/png', content: await png() },
      bad as Upload,
    ]);
    expect(refusal(response)).toMatchObject({ status, messageKey });
    expect(await stored(refusals)).toBe(0);
  });

  it.each(['plain', 'escaped'] as const)('refuses a PDF with JavaScript (%s name)', async (script) => {
    const response = await upload(payer, refusals, [
      { name: 'x.pdf', type: 'application/pdf', content: await pdf(script) },
    ]);
    expect(refusal(response)).toEqual({
      status: 400,
      error: 'VALIDATION_FAILED',
      messageKey: 'validation.disputes.attachment_active_content',
    });
    expect(await stored(refusals)).toBe(0);
  });

  it('refuses a 50 MB upload at 10 MB (413), and the server answers the next call', async () => {
    const boundary = '----WebKitFormBoundaryPortalLargeUpload';
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    // Streamed (chunked, no Content-Length): the server cannot know the size before it reads.
    const body = Readable.from(
      (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
        );
        while (sent < 50 * 1024 * 1024) {
          sent += chunk.length;
          yield chunk;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/disputes/${refusals}/attachments`,
      headers: { authorization: `Bearer ${payer}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(refusal(response)).toEqual({
      status: 413,
      error: 'PAYLOAD_TOO_LARGE',
      messageKey: 'validation.disputes.attachment_too_large',
    });
    expect(await stored(refusals)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // One byte over the limit, sent with its length: refused as well, the request's other file not stored.
    const over = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 8, 0x20)]);
    const second = await upload(payer, refusals, [
      { name: 'ok.png', type: 'image/png', content: await png() },
      { name: 'over.pdf', type: 'application/pdf', content: over },
    ]);
    expect(refusal(second)).toMatchObject({ status: 413, messageKey: 'validation.disputes.attachment_too_large' });
    expect(await stored(refusals)).toBe(0);
    const next = await download(
      payer,
      dispute,
      (await t.database.db.select().from(disputeAttachments).limit(1))[0]!.id,
    );
    expect(next.statusCode).toBe(200);
  });

  it('takes at most 5 files per dispute: the request that would pass it stores nothing', async () => {
    const before = await stored(dispute);
    expect(before).toBe(4);
    const two = await upload(payer, dispute, [
      { name: 'a.png', type: 'image/png', content: await png() },
      { name: 'b.png', type: 'image/png', content: await png() },
    ]);
    expect(refusal(two)).toMatchObject({ status: 400, messageKey: 'validation.disputes.attachment_count' });
    expect(await stored(dispute)).toBe(4);
    const fifth = await upload(admin, dispute, [{ name: 'reply.pdf', type: 'application/pdf', content: await pdf() }]);
    expect(fifth.statusCode, fifth.body).toBe(201);
    expect((fifth.json() as { attachments: DisputeAttachment[] }).attachments[0]).toMatchObject({
      side: 'supplier',
      uploaded_by: 'Alex Admin',
    });
    const sixth = await upload(payer, dispute, [{ name: 'c.png', type: 'image/png', content: await png() }]);
    expect(refusal(sixth)).toMatchObject({ status: 400, messageKey: 'validation.disputes.attachment_count' });
    expect(await stored(dispute)).toBe(5);
  });

  it('refuses six files in one request on an empty dispute, and stores none', async () => {
    const image = await png();
    const response = await upload(
      payer,
      refusals,
      Array.from({ length: 6 }, (_, index) => ({ name: `${index}.png`, type: 'image/png', content: image })),
    );
    expect(refusal(response)).toMatchObject({ status: 400, messageKey: 'validation.disputes.attachment_count' });
    expect(await stored(refusals)).toBe(0);
  });

  it('refuses files on a resolved dispute: a resolution is final', async () => {
    const response = await upload(payer, closed, [{ name: 'late.png', type: 'image/png', content: await png() }]);
    expect(refusal(response)).toMatchObject({ status: 400, messageKey: 'validation.disputes.final' });
    expect(await stored(closed)).toBe(0);
  });

  it('refuses a body that is not multipart, and a file in another field', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/disputes/${other}/attachments`,
      headers: { authorization: `Bearer ${payer}` },
      payload: { file: 'x' },
    });
    expect(refusal(json)).toMatchObject({ status: 415, messageKey: 'validation.disputes.attachment_type' });
    const field = await upload(payer, other, [
      { name: 'a.png', type: 'image/png', content: await png(), field: 'files' },
    ]);
    expect(refusal(field)).toMatchObject({ status: 400, error: 'VALIDATION_FAILED' });
    expect(await stored(other)).toBe(0);
  });
});

describe('who may', () => {
  let attachment: string;
  beforeAll(async () => {
    const [row] = await t.database.db
      .select()
      .from(disputeAttachments)
      .where(eq(disputeAttachments.disputeId, dispute));
    attachment = row!.id;
  });

  it('answers another customer and a sold-to user of another sold-to 404, as for no dispute at all', async () => {
    for (const token of [thirdParty, soldTo]) {
      const up = await upload(token, other, [{ name: 'a.png', type: 'image/png', content: await png() }]);
      expect(refusal(up)).toMatchObject({ status: 404, error: 'NOT_FOUND' });
      expect((await download(token, dispute, attachment)).statusCode).toBe(404);
    }
    const missing = await upload(payer, randomUUID(), [{ name: 'a.png', type: 'image/png', content: await png() }]);
    expect(refusal(missing)).toMatchObject({ status: 404, error: 'NOT_FOUND' });
    expect(await stored(other)).toBe(0);
  });

  it('answers nobody 401', async () => {
    const up = await upload(null, other, [{ name: 'a.png', type: 'image/png', content: await png() }]);
    expect(up.statusCode).toBe(401);
    expect((await download(null, dispute, attachment)).statusCode).toBe(401);
  });

  it('answers 404 for an attachment of another dispute, and for one that does not exist', async () => {
    expect((await download(payer, other, attachment)).statusCode).toBe(404);
    expect((await download(payer, dispute, randomUUID())).statusCode).toBe(404);
  });
});
