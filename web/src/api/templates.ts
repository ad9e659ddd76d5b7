import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BirthdayTemplateView } from '@coopledger/shared/setup-views';
import { routeData, routeRequest } from './client';

export type BirthdayTemplate = BirthdayTemplateView;

const key = ['birthday-templates'] as const;

export function useTemplates() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => routeData('GET /cooperative/templates', { signal }) });
}

export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('image_url', file);
      return routeRequest('POST /cooperative/templates', { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => routeRequest('DELETE /cooperative/templates', { query: { template_id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
