import type { UpdateUserBody } from '@fleet/contract';
import { api } from '@/lib/auth';

/** PUT users/{id} with a new password: the server hashes it and ends the user's sessions. */
export const resetPassword = (userId: number, password: string) =>
  api.put<void>(`users/${userId}`, { password } satisfies UpdateUserBody);
