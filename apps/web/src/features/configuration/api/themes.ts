import { getThemes, putThemes, uploadFile, type Themes, type UploadedFile } from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const themesQuery = () =>
  queryOptions({
    queryKey: ['configuration', 'themes'],
    queryFn: ({ signal }) => call(getThemes, undefined, { signal }),
  });

export const saveThemes = (body: Themes) => call(putThemes, body, { silent: true });

/** A logo or icon: the server sniffs the type from the bytes and answers the file's address. */
export function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return call(uploadFile, undefined, { formData: form, silent: true });
}
