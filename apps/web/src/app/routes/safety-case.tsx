import { useParams } from 'react-router';
import { CaseScreen } from '@/features/safety/components/case-screen';
import { NotFound } from './not-found';
import { caseMedia } from './safety-case-media';

/** /safety/cases/:caseId: a case's page, with the media feature's player for its footage. */
export function Component() {
  const id = Number(useParams().caseId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  // Keyed: the next case starts with fresh dialogs and a fresh player.
  return <CaseScreen key={id} caseId={id} media={caseMedia} />;
}
