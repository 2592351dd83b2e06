// /settings/registration-requests (access spec §2, §3 Registration request; issue 14): the open requests, newest
// first. Create user opens the add form prefilled (saving it completes the request); Mark done completes it alone.
import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { RegistrationRequestItem } from '@portal/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { hasPermission, useSession } from '../../../lib/session';
import { completeRegistrationRequest, registrationRequestsQuery } from '../api/users';
import classes from './users.module.css';

const nameOf = (request: RegistrationRequestItem) => `${request.first_name} ${request.last_name}`.trim();

export function RegistrationRequestsPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const requests = useQuery(registrationRequestsQuery());
  const items = requests.data?.items ?? [];
  const mayCreate = hasPermission(profile, 'CanManageUsers');

  const markDone = async (request: RegistrationRequestItem) => {
    await completeRegistrationRequest(request.registrationRequestId);
    notify.success(t('users.requests.marked_done'));
    await queryClient.invalidateQueries({ queryKey: registrationRequestsQuery().queryKey });
  };

  return (
    <Stack gap="lg">
      <PageTitle>{t('users.requests.title')}</PageTitle>
      <Text>{t('users.requests.intro')}</Text>
      <TableScroll minWidth={820} label={t('users.requests.title')}>
        <Table striped data-testid="registration-requests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.requests.columns.created')}</Table.Th>
              <Table.Th scope="col">{t('users.requests.columns.name')}</Table.Th>
              <Table.Th scope="col">{t('users.requests.columns.company')}</Table.Th>
              <Table.Th scope="col">{t('users.requests.columns.email')}</Table.Th>
              <Table.Th scope="col">{t('users.requests.columns.message')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('users.requests.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((request) => (
              <Table.Tr key={request.registrationRequestId}>
                <Table.Td>{formatDateTime(request.created_date)}</Table.Td>
                <Table.Td>{nameOf(request)}</Table.Td>
                <Table.Td>{request.company}</Table.Td>
                <Table.Td className={classes.breakable}>{request.email}</Table.Td>
                <Table.Td className={classes.message}>{request.message}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {mayCreate && (
                      <Button
                        size="xs"
                        component={Link}
                        to={`/settings/users/add/${request.registrationRequestId}`}
                        aria-label={t('users.requests.create_user_for', { name: nameOf(request) })}
                      >
                        {t('users.requests.create_user')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => void markDone(request)}
                      aria-label={t('users.requests.mark_done_for', { name: nameOf(request) })}
                    >
                      {t('users.requests.mark_done')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {requests.isSuccess && items.length === 0 && <Text>{t('common.no_data')}</Text>}
    </Stack>
  );
}
