import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';

export interface TileData {
  user: number;
  store: number;
  cooperatives: number;
}

/** Counts for the platform home's tiles (super-admin). */
export function useTileData() {
  return useQuery({
    queryKey: ['dashboard', 'tiles'],
    queryFn: ({ signal }) => apiData<TileData>('/dashboard/tile-data', { signal, scoped: false }),
  });
}
