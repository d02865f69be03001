import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { clientConfigQueryOptions } from '@/components/map/map-style';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { session } from '@/lib/auth';
import { setFleetZone } from '@/lib/fleet-time';

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

/**
 * Before any screen below renders: the fleet's time zone, so that days and times are the fleet's
 * whatever the browser's zone (without an answer the browser's zone stands in).
 */
export async function loader() {
  try {
    const config = await queryClient.fetchQuery(clientConfigQueryOptions);
    setFleetZone(config.timeZone);
  } catch {
    // offline or an older server: the browser's zone
  }
  return null;
}

/** Once is enough: the zone does not change while the page lives. */
export const shouldRevalidate = () => false;

/** Layout route giving every screen below it TanStack Query. */
export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
