/**
 * Camera, alarm and event masks (spec §3 "Camera mask bits", §5 "Mask editors").
 * Masks are stored and sent as decimal strings; the event mask needs 60 bits,
 * more than a JavaScript number holds exactly, so all parsing goes through BigInt.
 *
 * - Camera mask, 5 bits: 1 Front, 2 Rear, 4 Left, 8 Right, 16 Driver.
 * - Alarm mask, 10 bits: the camera bits for pictures (1–16), then the same
 *   cameras for video (32–512).
 * - Event mask, 60 bits: six events of 10 bits each, every event an alarm
 *   mask; event i occupies bits 10·i … 10·i + 9 in the order of MASK_EVENTS.
 */

export const CAMERAS = ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'DRIVER'] as const;
export type Camera = (typeof CAMERAS)[number];

/** English names, as the editors and media labels show them. */
export const CAMERA_LABELS: Record<Camera, string> = {
  FRONT: 'Front',
  REAR: 'Rear',
  LEFT: 'Left',
  RIGHT: 'Right',
  DRIVER: 'Driver',
};

/** 1 Front, 2 Rear, 4 Left, 8 Right, 16 Driver. */
export const CAMERA_BITS: Record<Camera, number> = Object.fromEntries(
  CAMERAS.map((camera, i) => [camera, 1 << i]),
) as Record<Camera, number>;

/** The events of the event-mask editor, in bit order (event i is bits 10·i … 10·i + 9). */
export const MASK_EVENTS = [
  'EMERGENCY_BRAKE',
  'HARSH_BRAKE',
  'HARSH_ACCELERATION',
  'OVER_SPEED_START',
  'OVER_RPM_START',
  'IDLE_START',
] as const;
export type MaskEvent = (typeof MASK_EVENTS)[number];

export type MaskKind = 'cameraMask' | 'alarmMask' | 'eventMask';

export const MASK_BITS: Record<MaskKind, number> = {
  cameraMask: CAMERAS.length,
  alarmMask: 2 * CAMERAS.length,
  eventMask: MASK_EVENTS.length * 2 * CAMERAS.length,
};

/** The largest value of a mask: every bit set (31, 1023, 2^60 − 1). */
export const maskMax = (kind: MaskKind): bigint => (1n << BigInt(MASK_BITS[kind])) - 1n;

/** Which cameras take a picture and which record video, for an alarm or one event. */
export interface AlarmSelection {
  picture: Camera[];
  video: Camera[];
}

export type EventMaskSelection = Record<MaskEvent, AlarmSelection>;

const DECIMAL = /^[0-9]+$/;

/**
 * The mask a decimal string holds, or undefined when the text is not a whole
 * number from 0 to the mask's maximum. Surrounding spaces are allowed.
 */
export function parseMask(kind: MaskKind, text: string): bigint | undefined {
  const trimmed = text.trim();
  // 2^60 has 19 digits; anything much longer is out of range without parsing it.
  if (!DECIMAL.test(trimmed) || trimmed.length > 40) return undefined;
  const value = BigInt(trimmed);
  return value <= maskMax(kind) ? value : undefined;
}

/** Why the text is not a valid mask, or undefined when it is. */
export function maskError(kind: MaskKind, text: string): string | undefined {
  if (parseMask(kind, text) !== undefined) return undefined;
  const name = { cameraMask: 'a camera', alarmMask: 'an alarm', eventMask: 'an event' }[kind];
  return `must be ${name} mask: a whole number from 0 to ${maskMax(kind)}`;
}

function toBigInt(kind: MaskKind, mask: number | bigint | string): bigint {
  const value =
    typeof mask === 'string'
      ? parseMask(kind, mask)
      : typeof mask === 'number'
        ? Number.isSafeInteger(mask) && mask >= 0
          ? BigInt(mask)
          : undefined
        : mask;
  if (value === undefined || value < 0n || value > maskMax(kind)) {
    throw new RangeError(`${String(mask)} is not a valid ${kind}`);
  }
  return value;
}

const cameraBits = (cameras: Iterable<Camera>): number => {
  let mask = 0;
  for (const camera of cameras) mask |= CAMERA_BITS[camera];
  return mask;
};
const camerasOf = (bits: number): Camera[] => CAMERAS.filter((c) => (bits & CAMERA_BITS[c]) !== 0);

/** Front + Driver → 17. Repeated cameras count once. */
export function encodeCameraMask(cameras: Iterable<Camera>): number {
  return cameraBits(cameras);
}

/** 17 → ['FRONT', 'DRIVER'] (in CAMERAS order). Throws RangeError outside 0–31. */
export function decodeCameraMask(mask: number | bigint | string): Camera[] {
  return camerasOf(Number(toBigInt('cameraMask', mask)));
}

/** Pictures in the low five bits, video in the next five: {picture: [FRONT], video: [FRONT]} → 33. */
export function encodeAlarmMask(selection: Partial<AlarmSelection>): number {
  return (
    cameraBits(selection.picture ?? []) | (cameraBits(selection.video ?? []) << CAMERAS.length)
  );
}

/** 33 → {picture: ['FRONT'], video: ['FRONT']}. Throws RangeError outside 0–1023. */
export function decodeAlarmMask(mask: number | bigint | string): AlarmSelection {
  const bits = Number(toBigInt('alarmMask', mask));
  return { picture: camerasOf(bits & 0x1f), video: camerasOf(bits >> CAMERAS.length) };
}

const EVENT_BITS = BigInt(MASK_BITS.alarmMask);

/** The 60-bit event mask as a decimal string; events left out select nothing. */
export function encodeEventMask(
  selection: Partial<Record<MaskEvent, Partial<AlarmSelection>>>,
): string {
  let mask = 0n;
  MASK_EVENTS.forEach((event, i) => {
    const part = selection[event];
    if (part) mask |= BigInt(encodeAlarmMask(part)) << (EVENT_BITS * BigInt(i));
  });
  return mask.toString();
}

/** Every event's cameras. Throws RangeError for text that is not a whole number from 0 to 2^60 − 1. */
export function decodeEventMask(mask: string | bigint): EventMaskSelection {
  const value = toBigInt('eventMask', mask);
  const eventMask = maskMax('alarmMask');
  return Object.fromEntries(
    MASK_EVENTS.map((event, i) => [
      event,
      decodeAlarmMask((value >> (EVENT_BITS * BigInt(i))) & eventMask),
    ]),
  ) as EventMaskSelection;
}

/**
 * The bit of one checkbox of a mask editor: a camera, for pictures or video (alarm and event
 * masks), of one event (event mask). Camera mask: 0–4; alarm mask: video adds 5; event mask:
 * event i adds 10·i.
 */
export function maskBit(
  camera: Camera,
  medium: 'picture' | 'video' = 'picture',
  event?: MaskEvent,
): number {
  const eventOffset = event === undefined ? 0 : MASK_EVENTS.indexOf(event) * MASK_BITS.alarmMask;
  return eventOffset + (medium === 'video' ? CAMERAS.length : 0) + CAMERAS.indexOf(camera);
}

/** Whether the mask in `text` has `bit` set; false for text that is no valid mask. */
export function hasMaskBit(kind: MaskKind, text: string, bit: number): boolean {
  const value = parseMask(kind, text);
  return value !== undefined && ((value >> BigInt(bit)) & 1n) === 1n;
}

/**
 * The mask in `text` with `bit` set or cleared, as a decimal string (exact above 2^53).
 * Text that is no valid mask counts as 0, so a checkbox always gives a valid mask.
 */
export function setMaskBit(kind: MaskKind, text: string, bit: number, on: boolean): string {
  if (!Number.isInteger(bit) || bit < 0 || bit >= MASK_BITS[kind]) {
    throw new RangeError(`bit ${bit} is not in a ${kind}`);
  }
  const value = parseMask(kind, text) ?? 0n;
  const flag = 1n << BigInt(bit);
  return (on ? value | flag : value & ~flag).toString();
}
