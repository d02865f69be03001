import '../locales/register';
import { lazy, Suspense, useState } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import type { EntityType } from '@/config/paths';
import { MediaTab } from './media-tab';

// Spec §2: the Requests tab loads lazily.
const RequestsTab = lazy(() => import('./requests-tab'));

type PanelTab = 'media' | 'requests';

/** Spec §2 Media panel of an asset or a driver: the Media and Requests tabs. */
export default function MediaPanel({ type, entityId }: { type: EntityType; entityId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('media');
  return (
    <div data-testid="media-panel">
      <Nav
        variant="tabs"
        className="mb-3"
        activeKey={tab}
        onSelect={(key) => (key === 'media' || key === 'requests') && setTab(key)}
        role="tablist"
      >
        {(['media', 'requests'] as const).map((key) => (
          <Nav.Item key={key}>
            <Nav.Link eventKey={key} role="tab" aria-selected={key === tab}>
              {t(`media.tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <section role="tabpanel" aria-label={t(`media.tabs.${tab}`)}>
        {tab === 'media' ? (
          <MediaTab type={type} entityId={entityId} />
        ) : (
          <Suspense fallback={<Loading />}>
            <RequestsTab type={type} entityId={entityId} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
