import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

/** Users on one page of the administrators' list. */
export const USERS_PER_PAGE = 50;

/** One page (from 1) of the users whose username or e-mail contains `q`, by username. */
export const getUsers = (q: string, page: number) =>
  api.admin.users({ q, limit: USERS_PER_PAGE, offset: (page - 1) * USERS_PER_PAGE });

export const usersQueryOptions = (q: string, page: number) =>
  queryOptions({ queryKey: adminKeys.users(q, page), queryFn: () => getUsers(q, page) });

export function useUsers(q: string, page: number) {
  // The last page stays on screen while the next search's answer is on its way.
  return useQuery({ ...usersQueryOptions(q, page), placeholderData: keepPreviousData });
}
