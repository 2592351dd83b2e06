// Issue 27 §2, Settings → Imports as an administrator uses it: choose a customers CSV (two customers, one with an
// unknown currency) written to a temporary folder, import it, read created 1 and rejected 1 and the rejected line's
// reason; then drop a documents CSV with the PDF it names for the customer just created; open an earlier report from
// the list. axe runs on every state of the page (checkA11y: at 1280 and at 375 px).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkA11y, expect, signIn, test } from '../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

const customersHeader =
  'customer_number,name,name_2,street,city,region,postal_code,country,phone,company_code,sales_organization,distribution_channel,division,currency_key,payer_number,party_ids';
const documentsHeader =
  'company_code,type,number,document_date,due_date,currency,total_amount,open_amount,payer_number,soldto_number,reference,purchase_order,pdf_file';

/** A small but real PDF: a header, one page object, a cross-reference table and the trailer readers look for. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('an admin imports customers and their documents from files and reads the report', async ({ page }) => {
  // Two imports and seven axe checks at two widths each: longer than one screen's test on a shared machine.
  test.setTimeout(240_000);
  // The e2e database is shared by every spec of a run: customers 7100xx are this spec's, document numbers this run's.
  const run = Date.now().toString(36).toUpperCase();
  const invoice = `E2E-IMP-${run}-1`;
  const credit = `E2E-IMP-${run}-C`;
  const pdfName = `e2e-${run}.pdf`;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'portal-imports-e2e-'));
  const file = (name: string, content: string | Buffer) => {
    writeFileSync(path.join(folder, name), content);
    return path.join(folder, name);
  };
  const customersCsv = file(
    'customers.csv',
    [
      customersHeader,
      `710001,Importkunde Nord GmbH,,Hafenweg 1,Bremen,HB,28195,DE,,1000,1000,10,00,USD,,0088:4000007100014`,
      '710002,Importkunde Falsch,,,,,,DE,,1000,1000,10,00,XYZ,,',
    ].join('\n'),
  );
  const notes = file('notes.txt', 'not an import');
  const documentsCsv = file(
    'documents.csv',
    [
      documentsHeader,
      `1000,invoice,${invoice},2026-05-04,2026-06-03,USD,1250.00,1250.00,710001,,REF-${run},PO-${run},${pdfName}`,
      `1000,credit,${credit},2026-05-05,,USD,-50.00,-50.00,710001,,${invoice},,`,
    ].join('\n'),
  );
  const pdf = file(pdfName, tinyPdf());

  try {
    await signIn(page, 'admin@example.com');
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Imports' }).click();
    await expect(page).toHaveURL(/\/settings\/imports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'File formats' })).toBeVisible();
    // The help lists the contract's columns.
    await expect(page.getByRole('list', { name: 'Columns of Customers CSV' })).toContainText('party_ids');
    await checkA11y(page);

    // Customers is the default; a file the kind does not read is left out, with why.
    await expect(page.getByRole('radio', { name: 'Customers (CSV)' })).toBeChecked();
    const picker = page.getByLabel('Drop files here, or choose files');
    await expect(picker).toHaveAttribute('type', 'file');
    await picker.setInputFiles([customersCsv, notes]);
    await expect(page.getByTestId('imports-left-out')).toContainText('notes.txt: this import reads only .csv files.');
    const chosen = page.getByTestId('imports-chosen-files');
    await expect(chosen).toContainText('customers.csv');
    await expect(chosen).not.toContainText('notes.txt');
    await expect(chosen.getByRole('button', { name: 'Remove customers.csv' })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByRole('region', { name: 'Report', exact: true });
    await expect(report.getByTestId('imports-report-status')).toHaveText('Completed');
    await expect(report.getByTestId('imports-count-created')).toContainText('1');
    await expect(report.getByTestId('imports-count-rejected')).toContainText('1');
    await expect(report.getByTestId('imports-count-updated')).toContainText('0');
    await expect(page.getByTestId('imports-outcome')).toHaveText(
      'Import completed: 1 created, 0 updated, 0 unchanged, 1 rejected.',
    );
    const rejected = report.getByTestId('imports-rejected-table');
    const line = rejected.getByRole('row').filter({ hasText: 'customers.csv:3' });
    await expect(line).toContainText('710002');
    await expect(line).toContainText('currency_key');
    await expect(line).toContainText('The currency XYZ is not known to the ledger.');
    // The filter finds the line by its reason, and says when nothing matches.
    const filter = report.getByRole('textbox', { name: 'Filter the rejected records' });
    await filter.fill('currency xyz');
    await expect(line).toBeVisible();
    await filter.fill('no such reason');
    await expect(rejected.getByRole('row')).toHaveCount(1);
    await expect(report.getByText('No rejected record matches the filter.')).toBeVisible();
    await filter.fill('');
    // Wider than a phone: the rejections' scroll region is reached by keyboard (axe: scrollable-region-focusable).
    await expect(report.getByRole('region', { name: 'Rejected records' })).toHaveAttribute('tabindex', '0');
    await expect(chosen).toHaveCount(0);
    await checkA11y(page);

    // Documents: a PDF alone is not enough, the CSV says which document it belongs to.
    await page.getByRole('radio', { name: 'Documents (CSV) with their PDFs' }).check();
    await picker.setInputFiles([pdf]);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('imports-missing')).toHaveText(
      'Add the documents CSV: it says which document each PDF belongs to.',
    );

    // The CSV dropped on the zone, beside the PDF it names.
    const zone = page.getByTestId('imports-drop-zone');
    const dataTransfer = await page.evaluateHandle(
      ({ csv, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([csv], 'documents.csv', { type: 'text/csv' }));
        // Dropped twice: the second copy is left out.
        transfer.items.add(new File(['%PDF-1.4'], name, { type: 'application/pdf' }));
        return transfer;
      },
      { csv: readFileSync(documentsCsv, 'utf8'), name: pdfName },
    );
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(page.getByTestId('imports-left-out')).toContainText(
      `${pdfName}: a file with this name is already chosen.`,
    );
    await expect(chosen).toContainText('documents.csv');
    await expect(chosen).toContainText(pdfName);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('imports-outcome')).toHaveText(
      'Import completed: 2 created, 0 updated, 0 unchanged, 0 rejected.',
    );
    await expect(report.getByTestId('imports-report-status')).toHaveText('Completed');
    // The report names the CSV; the PDFs went in with its lines.
    await expect(report).toContainText('Files: documents.csv');
    await expect(report.getByTestId('imports-rejected-table')).toHaveCount(0);
    await checkA11y(page);

    // The list, newest first: the documents, then the customers; the customers' report opens from its row.
    const recent = page.getByTestId('imports-recent-table');
    const rows = recent.locator('tbody tr');
    await expect(rows.nth(0)).toContainText('Documents');
    await expect(rows.nth(0)).toContainText('documents.csv');
    await expect(rows.nth(0)).toContainText('admin@example.com');
    await expect(rows.nth(1)).toContainText('Customers');
    await expect(rows.nth(1)).toContainText('customers.csv');
    await expect(page.getByRole('region', { name: 'Recent imports, newest first' })).toHaveAttribute('tabindex', '0');
    await rows
      .nth(1)
      .getByRole('button', { name: /^Open the report of the import of / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Import of / });
    await expect(dialog.getByTestId('imports-count-rejected')).toContainText('1');
    await expect(dialog.getByTestId('imports-rejected-table')).toContainText(
      'The currency XYZ is not known to the ledger.',
    );
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the Imports page is not offered to a manager, and its address shows no form', async ({ page }) => {
  await signIn(page, 'manager@example.com');
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Imports' })).toHaveCount(0);
  await page.goto('/settings/imports');
  await expect(page.getByRole('heading', { level: 1, name: 'No permission' })).toBeVisible();
  await expect(page.getByTestId('imports-form')).toHaveCount(0);
  await checkA11y(page);
});
