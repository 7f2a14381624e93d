import { type AuthorizeSummary, type LoginLogEntry, type PageResult, type SubordinateEntry } from '@/contracts/auth';
import { profilePaths } from '@/contracts/session';
import { uploadPath, UPLOAD_FIELDS, type UploadResult } from '@/contracts/files';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { http, type RequestOptions } from '@/lib/http';
import { hashPassword } from '@/contracts/password';

/** Uploads may carry up to 20 MB over a phone connection: the long-call timeout. */
const uploadOptions: RequestOptions = { timeout: LONG_CALL_TIMEOUT_MS };

/** Current-user reads and uploads of spec 7.3 (kept out of the sign-in page's code); writes go through the sync queue (store.ts). */
export const profileApi = {
  /** Multipart upload of an avatar image (spec 7.8); set it with saveAvatar(result.name) (store.ts). */
  uploadAvatar: (file: Blob, fileName: string) => {
    const body = new FormData();
    body.append(UPLOAD_FIELDS[0]!, file, fileName);
    return http.post<UploadResult>(uploadPath('userAvatar'), body, uploadOptions);
  },
  modifyPassword: async (oldPassword: string, password: string) =>
    http.post<null>(profilePaths.modifyPassword, { oldPassword: await hashPassword(oldPassword), password }),
  loginLog: (currentPage: number, pageSize: number) =>
    http.get<PageResult<LoginLogEntry>>(profilePaths.loginLog, { currentPage, pageSize }),
  subordinates: () => http.get<SubordinateEntry[]>(profilePaths.subordinates),
  authorize: () => http.get<AuthorizeSummary>(profilePaths.authorize),
};
