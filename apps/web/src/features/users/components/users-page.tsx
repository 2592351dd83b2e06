// /settings/users (access spec §2 Settings area: users; issue 14): the status filter (active by default) and a
// search by login, e-mail, names, company or linked account, sent 400 ms after the last key; keyset pages with the
// count. The user id opens the edit page for those who may manage users; "Work as" needs CanImpersonate.
import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { userStatusFilters, type UserListItem, type UserStatusFilter } from '@portal/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDateTime } from '../../../lib/format-date';
import { notify } from '../../../lib/notify';
import { hasPermission, useSession } from '../../../lib/session';
import { startImpersonation, usersQuery } from '../api/users';
import { useSwitchIdentity } from '../utils/use-switch-identity';
import classes from './users.module.css';

export const searchDebounceMs = 400;

const fullName = (user: Pick<UserListItem, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

export function UsersPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [status, setStatus] = useState<UserStatusFilter>('active');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), searchDebounceMs);
  const users = useInfiniteQuery(usersQuery({ status, search: debouncedSearch }));
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const firstPage = users.data?.pages[0];
  const total = firstPage?.total;
  const mayManage = hasPermission(profile, 'CanManageUsers');
  const mayImpersonate = hasPermission(profile, 'CanImpersonate');
  const switchIdentity = useSwitchIdentity();
  const [switching, setSwitching] = useState<number | null>(null);

  const workAs = async (user: UserListItem) => {
    setSwitching(user.user_id);
    try {
      await switchIdentity(() => startImpersonation(user.user_id), '/invoices');
      notify.success(t('users.impersonation.started', { name: fullName(user) || user.login }));
    } catch {
      setSwitching(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <PageTitle>{t('users.list.title')}</PageTitle>
        {mayManage && (
          <Button component={Link} to="/settings/users/add">
            {t('users.list.add')}
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          className={classes.search}
          label={t('users.list.search_label')}
          placeholder={t('users.list.search_placeholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={200}
          type="search"
          data-testid="users-search"
        />
        <Select
          label={t('users.list.status_label')}
          data={userStatusFilters.map((value) => ({ value, label: t(`users.list.status.${value}`) }))}
          value={status}
          onChange={(value) => value && setStatus(value as UserStatusFilter)}
          allowDeselect={false}
          className={classes.statusFilter}
          data-testid="users-status"
        />
      </Group>
      {total !== undefined && (
        <Text size="sm" aria-live="polite" data-testid="users-count">
          {t(firstPage?.total_capped ? 'users.list.count_capped' : 'users.list.count', { count: total })}
        </Text>
      )}
      <TableScroll minWidth={900} label={t('users.list.title')}>
        <Table striped highlightOnHover data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('users.list.columns.user_id')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.login')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.name')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.company')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.role')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.accounts')}</Table.Th>
              <Table.Th scope="col">{t('users.list.columns.last_login')}</Table.Th>
              {mayImpersonate && <Table.Th scope="col">{t('users.list.columns.impersonate')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((user) => (
              <Table.Tr key={user.user_id}>
                <Table.Td>
                  {mayManage ? (
                    <Anchor
                      component={Link}
                      to={`/settings/users/${user.user_id}`}
                      aria-label={t('users.list.edit_label', { id: user.user_id })}
                    >
                      {user.user_id}
                    </Anchor>
                  ) : (
                    user.user_id
                  )}
                </Table.Td>
                <Table.Td className={classes.breakable}>{user.login}</Table.Td>
                <Table.Td>{fullName(user)}</Table.Td>
                <Table.Td>{user.company}</Table.Td>
                <Table.Td>{t(`users.roles.${user.user_role}`)}</Table.Td>
                <Table.Td>{t(`users.statuses.${user.status}`)}</Table.Td>
                <Table.Td>{user.accounts.map(withoutLeadingZeros).join(', ')}</Table.Td>
                <Table.Td>{user.last_login ? formatDateTime(user.last_login) : ''}</Table.Td>
                {mayImpersonate && (
                  <Table.Td>
                    {/* Not oneself, an active user, and an admin only for an admin (the server refuses the rest). */}
                    {user.user_id !== profile?.user_id &&
                      user.status === 'active' &&
                      (user.user_role !== 'admin' || profile?.user_role === 'admin') && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={switching === user.user_id}
                          onClick={() => void workAs(user)}
                          aria-label={t('users.list.impersonate_label', { name: fullName(user) || user.login })}
                        >
                          {t('users.list.impersonate')}
                        </Button>
                      )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {users.isSuccess && items.length === 0 && <Text data-testid="users-empty">{t('common.no_data')}</Text>}
      {users.hasNextPage && (
        <Group>
          <Button variant="outline" loading={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>
            {t('users.list.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
