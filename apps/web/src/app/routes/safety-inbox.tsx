import { InboxScreen } from '@/features/safety/components/inbox-screen';

/** /safety/cases: the safety inbox of the organisation being viewed (issue 20 §4). */
export function Component() {
  return <InboxScreen />;
}
