import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from './client';

export interface BirthdayTemplate {
  id: string;
  /** 'Template 01', in upload order. */
  name: string;
  image_url: string;
}

const key = ['birthday-templates'] as const;

export function useTemplates() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiData<BirthdayTemplate[]>('/cooperative/templates', { signal }) });
}

export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('image_url', file);
      return apiRequest<BirthdayTemplate[]>('/cooperative/templates', { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('/cooperative/templates', { method: 'DELETE', query: { template_id: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
