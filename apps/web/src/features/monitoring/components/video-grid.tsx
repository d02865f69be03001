import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { gridColumns } from '../monitoring';

/** One camera of the grid: its video (or what stands in for it) and the name it is shown under. */
export type VideoTile = {
  key: number;
  /** 'FRONT', …: the caption, as the camera publishes it */
  label: string;
  /** data-camera of the tile, for tests and styles */
  camera: string;
  testId: string;
  media: ReactNode;
};

/**
 * The control room's cameras as a grid that fits the screen (issue 19 §5): every feed at a glance,
 * each enlargeable to the whole card by its button; the button again or Escape shows all again.
 * The other tiles stay mounted (hidden) so their streams keep playing.
 */
export function VideoGrid({ tiles }: { tiles: VideoTile[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const enlarged = tiles.some((tile) => tile.key === chosen) ? chosen : null;

  useEffect(() => {
    if (enlarged === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setChosen(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enlarged]);

  const columns = enlarged === null ? gridColumns(tiles.length) : 1;
  return (
    <div
      className="monitoring-video-grid"
      style={{ '--video-columns': columns } as CSSProperties}
      data-testid="video-grid"
      data-enlarged={enlarged ?? undefined}
    >
      {tiles.map((tile) => {
        const large = tile.key === enlarged;
        return (
          <figure
            key={tile.key}
            className={`monitoring-video-tile m-0${enlarged !== null && !large ? ' d-none' : ''}`}
            data-testid={tile.testId}
            data-camera={tile.camera}
          >
            {tile.media}
            <figcaption className="d-flex align-items-center justify-content-between gap-2 mt-1">
              <span className="small fw-semibold">{tile.label}</span>
              <Button
                size="sm"
                variant="outline-secondary"
                className="py-0"
                aria-label={
                  large
                    ? t('monitoring.view.showAll')
                    : t('monitoring.view.enlarge', { camera: tile.label })
                }
                onClick={() => setChosen(large ? null : tile.key)}
                data-testid="video-enlarge"
              >
                {large ? t('monitoring.view.showAllShort') : t('monitoring.view.enlargeShort')}
              </Button>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
