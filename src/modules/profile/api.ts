import type { AuthorizeSummary, BaseInfo, LoginLogEntry, PageResult, SubordinateEntry } from '@/contracts/auth';
import { uploadPath, UPLOAD_FIELDS, type UploadResult } from '@/contracts/files';
import { LONG_CALL_TIMEOUT_MS } from '@/contracts/limits';
import { http, type RequestOptions } from '@/lib/http';
import { hashPassword } from '@/modules/auth/api';

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
    http.post<null>('/Permission/Users/Current/Actions/ModifyPassword', { oldPassword: await hashPassword(oldPassword), password }),
  loginLog: (currentPage: number, pageSize: number) =>
    http.get<PageResult<LoginLogEntry>>('/Permission/Users/CurrentLog', { currentPage, pageSize }),
  subordinates: () => http.get<SubordinateEntry[]>('/Permission/Users/Current/Subordinate'),
  authorize: () => http.get<AuthorizeSummary>('/Permission/Users/Current/Authorize'),
};
