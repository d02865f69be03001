import { MySafetyScreen } from '@/features/safety/components/my-safety-screen';

/** /safety/my: a DRIVER's own cases, coaching to acknowledge and score (issue 20 §4). */
export function Component() {
  return <MySafetyScreen />;
}
