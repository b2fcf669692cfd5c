import { useQuery } from '@tanstack/react-query';
import { UPLOAD_DOCUMENT_PATH } from '@wenku/contracts/constants';
import type { TAttachment } from '@wenku/contracts/schemas';
import { api, apiClient, uploadWithProgress } from '../../lib/api';
import { useSession } from '../../app/session';
import { sha256File, sha256Ranges } from './hash-client';
import { percentOf } from './hash';

export const uploadKeys = {
  canUpload: (token: string) => ['upload', 'can', token] as const,
};

/** GET /user/caniuploaddocument: refusals (punishment, group) come back as errors with a message. */
export function useCanUploadDocument() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: uploadKeys.canUpload(token),
    queryFn: ({ signal }) => apiClient.call(api.canUploadDocument, { signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: 0,
  });
}

export interface PipelineEvents {
  onHash: (percent: number) => void;
  onChecking: () => void;
  onUpload: (percent: number) => void;
}

/**
 * One file end to end: SHA-256 in 2 MiB slices → POST /upload/document/check; when the server has the bytes it asks
 * for a few ranges of them, and a second check with their digest makes the attachment at once (秒传) → otherwise the
 * multipart upload with progress. Resolves with the attachment and whether it was instant.
 */
export async function uploadDocumentFile(file: File, events: PipelineEvents, signal: AbortSignal): Promise<{ attachment: TAttachment; instant: boolean }> {
  const hash = await sha256File(file, { signal, onProgress: (loaded, total) => events.onHash(percentOf(loaded, total)) });
  events.onChecking();
  const body = { hash, name: file.name, size: file.size };
  let check = await apiClient.call(api.checkDocumentHash, { body, signal });
  if (check.exists && !check.attachment && check.challenge) {
    const proof = await sha256Ranges(file, check.challenge.ranges, { signal });
    check = await apiClient.call(api.checkDocumentHash, { body: { ...body, challenge: check.challenge.token, proof }, signal });
  }
  if (check.exists && check.attachment) return { attachment: check.attachment, instant: true };
  events.onUpload(0);
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await uploadWithProgress<{ data: TAttachment }>(UPLOAD_DOCUMENT_PATH, form, { signal, onProgress: (p) => events.onUpload(p.percent) });
  return { attachment: res.data, instant: false };
}
