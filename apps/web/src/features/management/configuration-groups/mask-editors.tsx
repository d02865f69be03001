import {
  CAMERAS,
  hasMaskBit,
  MASK_EVENTS,
  maskBit,
  setMaskBit,
  type Camera,
  type MaskEvent,
  type MaskKind,
} from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { useEventTypeLabel } from '@/lib/use-labels';

type EditorProps = {
  kind: MaskKind;
  value: string;
  onChange: (value: string) => void;
  /** The setting's label, so each checkbox has a name of its own for screen readers. */
  label: string;
  idPrefix: string;
};

function Bit({
  kind,
  value,
  onChange,
  bit,
  id,
  label,
  hidden,
}: Omit<EditorProps, 'label' | 'idPrefix'> & {
  bit: number;
  id: string;
  label: string;
  hidden?: boolean;
}) {
  return (
    <input
      type="checkbox"
      className="form-check-input m-0"
      id={id}
      aria-label={label}
      title={hidden ? label : undefined}
      checked={hasMaskBit(kind, value, bit)}
      onChange={(event) => onChange(setMaskBit(kind, value, bit, event.target.checked))}
    />
  );
}

/** Camera mask: five checkboxes, 1 Front to 16 Driver (spec §5). */
export function CameraMaskEditor(props: EditorProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="d-flex flex-wrap gap-3 mt-2" data-testid="camera-mask-editor">
      <legend className="visually-hidden">{props.label}</legend>
      {CAMERAS.map((camera) => {
        const id = `${props.idPrefix}-${camera}`;
        return (
          <div className="form-check" key={camera}>
            <Bit
              {...props}
              bit={maskBit(camera)}
              id={id}
              label={`${props.label}: ${t(`management.settings.cameras.${camera}`)}`}
              hidden
            />
            <label className="form-check-label ms-1" htmlFor={id} aria-hidden>
              {t(`management.settings.cameras.${camera}`)}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** A grid of camera bits: one row per line (pictures and video, per event), one column per camera. */
function CameraGrid({
  rows,
  props,
  caption,
}: {
  rows: {
    key: string;
    label: string;
    event?: MaskEvent;
    medium: 'picture' | 'video';
    rowSpanLabel?: string;
  }[];
  props: EditorProps;
  caption: string;
}) {
  const { t } = useTranslation();
  const camera = (c: Camera) => t(`management.settings.cameras.${c}`);
  return (
    <div className="table-responsive mt-2">
      <table className="table table-sm table-bordered w-auto mb-0 text-center align-middle mask-grid">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-start">
              {t('management.settings.event')}
            </th>
            <th scope="col">{t('management.settings.medium')}</th>
            {CAMERAS.map((c) => (
              <th scope="col" key={c}>
                {camera(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.rowSpanLabel !== undefined && (
                <th scope="rowgroup" rowSpan={2} className="text-start fw-normal">
                  {row.rowSpanLabel}
                </th>
              )}
              <th scope="row" className="fw-normal text-body-secondary">
                {t(`management.settings.${row.medium}`)}
              </th>
              {CAMERAS.map((c) => (
                <td key={c}>
                  <Bit
                    {...props}
                    bit={maskBit(c, row.medium, row.event)}
                    id={`${props.idPrefix}-${row.key}-${c}`}
                    label={`${row.label}: ${t(`management.settings.${row.medium}`)}, ${camera(c)}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Alarm mask: ten checkboxes, pictures 1–16 and video 32–512 (spec §5). */
export function AlarmMaskEditor(props: EditorProps) {
  const rows = (['picture', 'video'] as const).map((medium, i) => ({
    key: medium,
    label: props.label,
    medium,
    rowSpanLabel: i === 0 ? props.label : undefined,
  }));
  return (
    <div data-testid="alarm-mask-editor">
      <CameraGrid rows={rows} props={props} caption={props.label} />
    </div>
  );
}

/**
 * Event mask: six events by ten camera bits, one 60-bit number kept as a decimal string (spec §5).
 * The events are named from the one table of event-type labels.
 */
export function EventMaskEditor(props: EditorProps) {
  const eventLabel = useEventTypeLabel();
  const rows = MASK_EVENTS.flatMap((event) =>
    (['picture', 'video'] as const).map((medium, i) => {
      const label = eventLabel(event);
      return {
        key: `${event}-${medium}`,
        label,
        event,
        medium,
        rowSpanLabel: i === 0 ? label : undefined,
      };
    }),
  );
  return (
    <div data-testid="event-mask-editor">
      <CameraGrid rows={rows} props={props} caption={props.label} />
    </div>
  );
}
