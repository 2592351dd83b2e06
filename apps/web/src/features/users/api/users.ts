// The user administration calls (access spec §7 Users, Registration requests; issue 14).
import * as contracts from '@portal/contracts';
import type { LinkedAccountInput, UserInput, UserStatusFilter } from '@portal/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type UserListFilters = { status: UserStatusFilter; search: string };

export const usersQuery = (filters: UserListFilters) =>
  infiniteQueryOptions({
    queryKey: ['users', 'list', filters],
    queryFn: ({ pageParam, signal }) =>
      call(contracts.listUsers, undefined, {
        query: { status: filters.status, search: filters.search || undefined, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: ({ signal }) => call(contracts.getUser, undefined, { params: { id }, signal }),
  });

export const saveUser = (id: number | null, body: UserInput) =>
  id === null ? call(contracts.createUser, body) : call(contracts.updateUser, body, { params: { id } });

export const deleteUser = (id: number) => call(contracts.deleteUser, undefined, { params: { id } });

export const resendInvite = (id: number) => call(contracts.resendInvite, undefined, { params: { id } });

export const addUserAccount = (id: number, body: LinkedAccountInput) =>
  call(contracts.addUserAccount, body, { params: { id } });

export const updateUserAccount = (id: number, accountId: number, body: LinkedAccountInput) =>
  call(contracts.updateUserAccount, body, { params: { id, accountId } });

export const deleteUserAccount = (id: number, accountId: number) =>
  call(contracts.deleteUserAccount, undefined, { params: { id, accountId } });

export const putUserExclusions = (id: number, exclusions: string[]) =>
  call(contracts.putUserExclusions, { exclusions }, { params: { id } });

export const startImpersonation = (id: number) => call(contracts.startImpersonation, undefined, { params: { id } });

export const stopImpersonation = () => call(contracts.stopImpersonation, undefined);

export const registrationRequestsQuery = () =>
  queryOptions({
    queryKey: ['users', 'registration-requests'],
    queryFn: ({ signal }) => call(contracts.listRegistrationRequests, undefined, { signal }),
  });

export const registrationRequestQuery = (id: number) =>
  queryOptions({
    queryKey: ['users', 'registration-requests', id],
    queryFn: ({ signal }) => call(contracts.getRegistrationRequest, undefined, { params: { id }, signal }),
  });

export const completeRegistrationRequest = (id: number) =>
  call(contracts.completeRegistrationRequest, undefined, { params: { id } });
