import { useEffect, useRef, useState } from 'react';

/** How long a sidebar opened by hovering stays after the pointer leaves (spec §9). */
export const SIDEBAR_HOVER_HIDE_MS = 300;

/**
 * Open state of the sidebar below the 1200 px breakpoint (above it CSS always shows it).
 * 'hover' means opened by the pointer at the screen edge: leaving hides it after a delay.
 */
export function useSidebar() {
  const [state, setState] = useState<'closed' | 'open' | 'hover'>('closed');
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelHide = () => clearTimeout(hideTimer.current);
  useEffect(() => cancelHide, []);

  return {
    open: state !== 'closed',
    toggle: () => {
      cancelHide();
      setState((s) => (s === 'closed' ? 'open' : 'closed'));
    },
    close: () => {
      cancelHide();
      setState('closed');
    },
    hoverEnter: () => {
      cancelHide();
      setState((s) => (s === 'closed' ? 'hover' : s));
    },
    hoverLeave: () => {
      cancelHide();
      hideTimer.current = setTimeout(
        () => setState((s) => (s === 'hover' ? 'closed' : s)),
        SIDEBAR_HOVER_HIDE_MS,
      );
    },
  };
}
