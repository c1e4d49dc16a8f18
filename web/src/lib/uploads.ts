import { useMutation } from '@tanstack/react-query';
import { graphql } from '@/gql';
import type { ApiClient } from './api-client';
import { ApiError } from './api-client';
import { useSession } from './session';

export const GetPresignedUrlDocument = graphql(`
  mutation GetPresignedUrl($input: PresignedUrlInput!) {
    getPresignedUrl(input: $input) {
      presignedUrl
      fileUrl
    }
  }
`);

/** Where an upload is kept (the API may prefix it with the client). */
export type UploadFolder = 'products' | 'designs' | 'templates' | 'size-charts' | 'mockups' | 'blanks';

export interface UploadedFile {
  fileUrl: string;
  fileName: string;
}

/** The largest file the app sends (product images and print files). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  const known: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', svg: 'image/svg+xml', pdf: 'application/pdf' };
  return (ext && known[ext]) || 'application/octet-stream';
}

/**
 * Uploads one file: asks the API for a presigned URL for its type and size, PUTs the file body
 * there with that Content-Type and `If-None-Match: *` (no Authorization: the signature in the URL
 * is the permission; with files in an S3 bucket the URL is the bucket's, whose signature binds
 * the type, the size and that header, so one URL stores one file once), and answers the URL the
 * file is served from.
 */
export async function uploadFile(client: ApiClient, httpFetch: typeof fetch, file: File, folder: UploadFolder): Promise<UploadedFile> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(`${file.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  const contentType = contentTypeOf(file);
  const { getPresignedUrl } = await client.request(GetPresignedUrlDocument, { input: { fileName: file.name, contentType, folder, contentLength: file.size } });
  let response: Response;
  try {
    response = await httpFetch(getPresignedUrl.presignedUrl, { method: 'PUT', headers: { 'Content-Type': contentType, 'If-None-Match': '*' }, body: file });
  } catch (error) {
    throw new ApiError(`The upload of ${file.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new ApiError(`The upload of ${file.name} failed (HTTP ${response.status})`, { status: response.status });
  return { fileUrl: getPresignedUrl.fileUrl, fileName: file.name };
}

/** Uploads files one after another; a failure shows the reason as a toast (mutation cache). */
export function useUploadFiles(folder: UploadFolder) {
  const { client, fetch: httpFetch } = useSession();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const done: UploadedFile[] = [];
      for (const file of files) done.push(await uploadFile(client, httpFetch, file, folder));
      return done;
    },
  });
}
