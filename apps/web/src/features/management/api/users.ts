import { endpoints } from '@fleet/contract';
import { api } from '@/lib/auth';

/** PUT users/{id} with a new password: the server hashes it and ends the user's sessions. */
export const resetPassword = async (userId: number, password: string) => {
  await api.call(endpoints.users.update, { params: { id: userId }, body: { password } });
};
