import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { session, useAuthenticatedSession } from '@/lib/auth';
import { setFilter } from '@/lib/filter';

type SwitchState = { organisationId?: unknown } | null;

/**
 * Spec §4: switching organisation resets the group to ALL and lands on 'overview'. The switch
 * travels with the navigation and takes effect once the overview shows: switching it first
 * would make the screen being left (say /drivingstyle) ask for the new organisation's data
 * on its way out.
 */
export function useOrganisationSwitch() {
  const navigate = useNavigate();
  return (organisationId: number) =>
    void navigate(paths.overview, { state: { organisationId } satisfies SwitchState });
}

/** The overview's organisation: the one being switched to, else the session's. */
export function useSwitchedOrganisation(): number {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useAuthenticatedSession().organisation_id;
  const asked = (location.state as SwitchState)?.organisationId;
  const switching = typeof asked === 'number' ? asked : null;
  useEffect(() => {
    if (switching === null) return;
    session.setOrganisation(switching);
    setFilter({ group: 'ALL' });
    // Done: Back to this entry later must not switch again.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [switching, navigate, location.pathname, location.search]);
  return switching ?? current;
}
