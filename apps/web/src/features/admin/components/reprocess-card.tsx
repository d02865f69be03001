import { useId } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ReprocessForm, RunOutcome, RunProgress } from './reprocess-parts';
import { useReprocess } from './use-reprocess';

/**
 * Re-process raw data (POST /admin-api/rawdatas/import) of an organisation and those below it,
 * or of one asset, over a period: a progress bar fed by the streamed lines, Cancel (the server
 * stops at its next step), and the result.
 */
export function ReprocessCard() {
  const { t } = useTranslation();
  const id = useId();
  const state = useReprocess();
  return (
    <Card className="h-100" data-testid="reprocess-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.reprocess.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.reprocess.text')}</p>
        <ReprocessForm id={id} state={state} />
        <RunProgress run={state.run} />
        <RunOutcome run={state.run} />
      </Card.Body>
    </Card>
  );
}
