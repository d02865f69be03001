import {
  CAMERA_BITS,
  CAMERA_LABELS,
  CAMERAS,
  decodeCameraMask,
  type CameraBit,
} from '@fleet/contract';

/**
 * The five cameras of every simulated vehicle (spec §3: 1 Front, 2 Rear,
 * 4 Left, 8 Right, 16 Driver) and how each one looks, so that a user sees at
 * a glance that a picture comes from another camera: its own moving test
 * pattern and its own colour in the on-screen bands.
 */
export interface CameraLook {
  bit: CameraBit;
  /** as the portal names it: Front, Rear, … */
  name: string;
  /** an ffmpeg lavfi source, without size and rate */
  source: string;
  /** the size the source draws at, scaled to the picture's size by `tint` (default the picture's) */
  sourceSize?: string;
  /** filters after the source (scale, colours), or '' */
  tint: string;
  /** colour of the band with the camera and the asset */
  band: string;
}

/** Sources drawn small and blown up, block by block: cheap to draw and to encode. */
const blocks = 'scale=640:480:flags=neighbor';

const LOOKS: Record<CameraBit, Omit<CameraLook, 'bit' | 'name'>> = {
  1: { source: 'testsrc2', tint: '', band: '0x1f4e8c' },
  2: { source: 'rgbtestsrc', tint: 'hue=H=2*PI*t/8', band: '0xa35200' },
  4: {
    source: 'cellauto=rule=110',
    sourceSize: '160x120',
    tint: `${blocks},lutrgb=r=val*0.35:g=val*0.85:b=val*0.45`,
    band: '0x2b7a2b',
  },
  8: { source: 'smptehdbars', tint: 'hue=H=2*PI*t/12:s=0.8', band: '0x6a2c8c' },
  16: {
    source: 'life=mold=10:ratio=0.3:death_color=0x1c2a38:life_color=0x5fb3c8:mold_color=0x24505a',
    sourceSize: '160x120',
    tint: blocks,
    band: '0x137072',
  },
};

export const CAMERA_LIST: readonly CameraLook[] = CAMERAS.map((camera) => {
  const bit = CAMERA_BITS[camera] as CameraBit;
  return { bit, name: CAMERA_LABELS[camera], ...LOOKS[bit] };
});

export const cameraLook = (bit: CameraBit): CameraLook => CAMERA_LIST.find((c) => c.bit === bit)!;

/** The cameras a mask selects, in bit order; RangeError for anything but 1 … 31. */
export function camerasOfMask(mask: number): CameraBit[] {
  if (!Number.isInteger(mask) || mask < 1) throw new RangeError(`${mask} is not a camera mask`);
  return decodeCameraMask(mask).map((camera) => CAMERA_BITS[camera] as CameraBit);
}
