import { MAPPER_PROFILE_DEFAULTS, type MapperProfile } from '@caravanserai/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const mapperProfileKey = ['mapper', 'profile'] as const;

/**
 * The signed-in user's Mapper profile. The first visit finds none and creates the default
 * (without the page reload); a failure falls back to the defaults so the Mapper
 * still opens.
 */
export async function getOrCreateMapperProfile(pk: number): Promise<MapperProfile> {
  try {
    const [existing] = await api.mapperProfiles.list();
    return existing ?? (await api.mapperProfiles.create({ owner: pk }));
  } catch (error) {
    console.warn('error fetching mapper profile', error);
    return { id: '', owner: pk, ...MAPPER_PROFILE_DEFAULTS };
  }
}

export const mapperProfileQueryOptions = (pk: number) =>
  queryOptions({
    queryKey: [...mapperProfileKey, pk],
    queryFn: () => getOrCreateMapperProfile(pk),
    staleTime: Infinity,
  });

export function useMapperProfile(pk: number | undefined) {
  return useQuery({ ...mapperProfileQueryOptions(pk ?? 0), enabled: pk !== undefined });
}
