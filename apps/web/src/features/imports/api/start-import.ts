import { useMutation } from '@tanstack/react-query';
import { type UploadVariables, uploadExport } from '../../../lib/upload-form';

/** `POST /import/`: 202 {job_id}; 400 names the formats expected, 413 says the file is too large. */
export const startImport = (variables: UploadVariables) => uploadExport('/import/', variables);

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
