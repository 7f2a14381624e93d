import { fillPath } from '@/contracts/api-path';
import { filePaths, UPLOAD_FIELDS, type UploadResult } from '@/contracts/files';
import { H5_FILE_TYPE } from '@/contracts/h5';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { http } from '@/lib/http';
import { API_BASE } from '@/lib/http-config';

/**
 * Uploads an image for a work (POST /api/file/Uploader/h5, multipart field `file`); the server adds
 * it to the user's image library. Resolves to the URL the element stores. Failures are toasted by
 * the http client (spec 8) and rethrown.
 */
export async function uploadH5Image(file: Blob, fileName: string): Promise<string> {
  const body = new FormData();
  body.append(UPLOAD_FIELDS[0]!, file, fileName);
  const result = await http.post<UploadResult>(fillPath(filePaths.upload, { type: H5_FILE_TYPE }), body, { timeout: LONG_CALL_TIMEOUT_MS });
  return /^https?:\/\//i.test(result.url) ? result.url : `${API_BASE}${result.url}`;
}
