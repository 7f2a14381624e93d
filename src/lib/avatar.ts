import { imagePath, isBuiltInAvatar } from '@/contracts/files';
import { API_BASE } from './http-config';

/**
 * Where a user's `headIcon` is shown from: built-in avatars ship with the app (public/avatars),
 * uploaded ones are served by the API (`GET /api/file/Image/userAvatar/{name}`, no token needed).
 */
export function avatarUrl(headIcon: string): string;
export function avatarUrl(headIcon: string | null | undefined): string | undefined;
export function avatarUrl(headIcon: string | null | undefined): string | undefined {
  if (!headIcon) return undefined;
  if (isBuiltInAvatar(headIcon)) return `/avatars/${headIcon}`;
  return `${API_BASE}${imagePath('userAvatar', headIcon)}`;
}
