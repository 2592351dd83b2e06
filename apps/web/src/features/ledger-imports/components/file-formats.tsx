// What each kind of file holds (issue 27 §2), from the columns the contract declares (customerCsvColumns,
// documentCsvColumns, companyCodeCsvColumns: the server reads the same lists, so this help cannot drift from it), with the few rules a
// supplier's IT needs to write them. The full description with examples is the API documentation at /api/docs.
import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { companyCodeCsvColumns, customerCsvColumns, documentCsvColumns } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ImportsSection } from './imports-section';
import classes from './ledger-imports.module.css';

export function FileFormats() {
  const { t } = useTranslation();
  return (
    <ImportsSection id="imports-formats-title" title={t('imports.formats.title')}>
      <Text size="sm">{t('imports.formats.intro')}</Text>
      <Stack gap="xs" component="section" aria-labelledby="imports-formats-company-codes">
        <Title order={3} size="h5" id="imports-formats-company-codes">
          {t('imports.formats.company_codes.title')}
        </Title>
        <Columns
          columns={companyCodeCsvColumns}
          label={t('imports.formats.columns_of', { kind: t('imports.formats.company_codes.title') })}
        />
        <List size="sm" spacing={4}>
          <List.Item>{t('imports.formats.company_codes.required')}</List.Item>
          <List.Item>{t('imports.formats.company_codes.flags')}</List.Item>
          <List.Item>{t('imports.formats.company_codes.party_ids')}</List.Item>
        </List>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="imports-formats-customers">
        <Title order={3} size="h5" id="imports-formats-customers">
          {t('imports.formats.customers.title')}
        </Title>
        <Columns
          columns={customerCsvColumns}
          label={t('imports.formats.columns_of', { kind: t('imports.formats.customers.title') })}
        />
        <List size="sm" spacing={4}>
          <List.Item>{t('imports.formats.customers.required')}</List.Item>
          <List.Item>{t('imports.formats.customers.payer')}</List.Item>
          <List.Item>{t('imports.formats.customers.party_ids', { example: '0002:FR23342|0192:987654325' })}</List.Item>
          <List.Item>{t('imports.formats.customers.partial')}</List.Item>
        </List>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="imports-formats-documents">
        <Title order={3} size="h5" id="imports-formats-documents">
          {t('imports.formats.documents.title')}
        </Title>
        <Columns
          columns={documentCsvColumns}
          label={t('imports.formats.columns_of', { kind: t('imports.formats.documents.title') })}
        />
        <List size="sm" spacing={4}>
          <List.Item>{t('imports.formats.documents.key')}</List.Item>
          <List.Item>{t('imports.formats.documents.values')}</List.Item>
          <List.Item>{t('imports.formats.documents.open_amount')}</List.Item>
          <List.Item>{t('imports.formats.documents.pdf_file')}</List.Item>
        </List>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="imports-formats-ubl">
        <Title order={3} size="h5" id="imports-formats-ubl">
          {t('imports.formats.ubl.title')}
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>{t('imports.formats.ubl.documents')}</List.Item>
          <List.Item>{t('imports.formats.ubl.customer')}</List.Item>
          <List.Item>{t('imports.formats.ubl.pdf')}</List.Item>
        </List>
      </Stack>
      <Text size="sm">
        {t('imports.formats.api')}{' '}
        <Anchor href="/api/docs" underline="always">
          {t('imports.formats.api_link')}
        </Anchor>
      </Text>
    </ImportsSection>
  );
}

function Columns({ columns, label }: { columns: readonly string[]; label: string }) {
  return (
    <ul className={classes.columns} aria-label={label}>
      {columns.map((column) => (
        <li key={column}>
          <Code>{column}</Code>
        </li>
      ))}
    </ul>
  );
}
