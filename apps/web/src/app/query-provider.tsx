import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { session } from '@/lib/auth';

const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A query marked meta.silent handles its own failures (reverse geocoding: logged only, spec §8).
    onError: (error, query) => {
      if (!query.meta?.silent) notify(errorText(error), { type: 'danger' });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change by asking again.
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

// The next user must not see the previous user's data.
session.subscribe(() => {
  if (!session.get()) queryClient.clear();
});

/** Layout route giving every screen below it TanStack Query. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
