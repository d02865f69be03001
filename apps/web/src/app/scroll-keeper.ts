import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long Back keeps trying to reach the saved position while the screen's data arrives. */
const RESTORE_FOR_MS = 5000;
const STORAGE_KEY = 'scroll-positions';

const saved = (): Record<string, number> => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
};

/**
 * Issue 19 §8 (spec §2: back returns to the saved position). ScrollRestoration scrolls once, when
 * the screen first renders; a screen whose data is still loading is shorter than it was, so Back
 * landed at 190 px instead of 700. This keeps each entry's position and, on Back/Forward, scrolls
 * to it as the page grows, until it is reached, the user scrolls, or a few seconds passed.
 */
export function useScrollKeeper() {
  const { key } = useLocation();
  const type = useNavigationType();
  const last = useRef({ key, y: 0 });

  useEffect(() => {
    const onScroll = () => (last.current.y = window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    // The entry left: its last position, before anything scrolls the new one.
    const positions = saved();
    positions[last.current.key] = last.current.y;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
    last.current = { key, y: window.scrollY };
    const target = positions[key];
    if (type !== 'POP' || !target) return;
    return restore(target);
  }, [key, type]);
}

function restore(target: number): () => void {
  const started = Date.now();
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      window.removeEventListener(event, stop);
  };
  const attempt = () => {
    if (done) return;
    if (Date.now() - started > RESTORE_FOR_MS) return stop();
    // Instant: Bootstrap's smooth scrolling would glide from the top and leave the position
    // short of the target when it is checked.
    window.scrollTo({ top: target, behavior: 'instant' });
    if (Math.abs(window.scrollY - target) < 2) stop();
  };
  const observer = new ResizeObserver(attempt);
  observer.observe(document.body);
  for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    window.addEventListener(event, stop, { passive: true });
  requestAnimationFrame(attempt);
  const timer = setTimeout(stop, RESTORE_FOR_MS);
  return () => {
    clearTimeout(timer);
    stop();
  };
}
