// The figures above the worklist (issue 38): per company code and currency, today's DSO (count-back) and past-due
// share with what is open and past due, and the DSO of each day kept as a small line chart. The chart is an image
// with its summary in words, and its figures are a table one click away.
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CollectionFigures } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDate } from '../../../lib/format-date';
import { useCollectionFigures } from '../api/get-collection-figures';
import { latestDay } from '../utils/dso-series';
import classes from './collections.module.css';
import { DsoChart, useFigureFormats } from './dso-chart';

export function FiguresPanel({ companyCode }: { companyCode: string | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const figures = useCollectionFigures(companyCode);
  // A failed read leaves the worklist below usable: the call's toast said what went wrong.
  if (!figures.data) return null;
  return (
    <section aria-labelledby={headingId} data-testid="collections-figures">
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('collections.figures.title')}
        </Title>
        {figures.data.figures.length === 0 ? (
          <Text size="sm">{t('collections.figures.none')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {figures.data.figures.map((figure) => (
              <FigureCard key={`${figure.company_code}|${figure.currency_key}`} figure={figure} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}

function FigureCard({ figure }: { figure: CollectionFigures }) {
  const { t, i18n } = useTranslation();
  const { days, percent } = useFigureFormats();
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const today = latestDay(figure.days);
  const money = (amount: string) =>
    formatMoney(amount, figure.currency_key, i18n.language, { decimals: figure.currency_decimals });
  const names = { company: figure.company_code, currency: figure.currency_key };
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="collections-figure"
      data-company-code={figure.company_code}
      data-currency={figure.currency_key}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('collections.figures.heading', names)}
        </Title>
        <dl className={classes.facts}>
          <div className={classes.fact}>
            <dt>{t('collections.figures.dso')}</dt>
            <dd className={classes.figure} data-testid="figure-dso">
              {today?.dso ? days(today.dso) : t('collections.figures.not_counted')}
            </dd>
          </div>
          <div className={classes.fact}>
            <dt>{t('collections.figures.past_due_share')}</dt>
            <dd className={classes.figure} data-testid="figure-share">
              {today?.past_due_share ? percent(today.past_due_share) : t('collections.figures.not_counted')}
            </dd>
          </div>
          {today && (
            <>
              <div className={classes.fact}>
                <dt>{t('collections.figures.open')}</dt>
                <dd>{money(today.open)}</dd>
              </div>
              <div className={classes.fact}>
                <dt>{t('collections.figures.past_due')}</dt>
                <dd>{money(today.past_due)}</dd>
              </div>
            </>
          )}
        </dl>
        <Text size="xs">{t('collections.figures.dso_hint')}</Text>
        <DsoChart figure={figure} />
        <Group>
          <Button
            variant="default"
            size="compact-sm"
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {t(tableShown ? 'collections.figures.hide_table' : 'collections.figures.show_table')}
          </Button>
        </Group>
        <div id={tableId} hidden={!tableShown}>
          {tableShown && (
            <TableScroll minWidth={280} maxHeight={320} label={t('collections.figures.table_caption', names)}>
              <Table striped withTableBorder captionSide="top" fz="sm" data-testid="figures-table">
                <Table.Caption>{t('collections.figures.table_caption', names)}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('collections.figures.day')}</Table.Th>
                    <Table.Th scope="col" className={classes.number}>
                      {t('collections.figures.dso_column')}
                    </Table.Th>
                    <Table.Th scope="col" className={classes.number}>
                      {t('collections.figures.share_column')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {/* Newest first: today's figures at the top. */}
                  {[...figure.days].reverse().map((day) => (
                    <Table.Tr key={day.day}>
                      <Table.Th scope="row" fw="normal" className={classes.nowrap}>
                        {formatDate(day.day)}
                      </Table.Th>
                      <Table.Td className={classes.number}>{day.dso ? days(day.dso) : '—'}</Table.Td>
                      <Table.Td className={classes.number}>
                        {day.past_due_share ? percent(day.past_due_share) : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
