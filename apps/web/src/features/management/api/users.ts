import { api } from '@/lib/auth';

/** Sets a user's password (issue 10 §3); the server hashes it. */
export const resetPassword = (userId: number, password: string) =>
  api.put<void>(`users/${userId}/password`, { password });
