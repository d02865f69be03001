/** Small inline icons (no icon font in the app); decorative: the buttons carry the names. */
const svg = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 16 16',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
});

export function PlayIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...svg(size)} style={{ filter: 'drop-shadow(0 0 2px rgba(0,0,0,.7))' }}>
      <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0m-1.5 4.6v6.8L11.8 8z" />
    </svg>
  );
}

export function CameraIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...svg(size)}>
      <path d="M5.5 2 4.4 3.5H2A1.5 1.5 0 0 0 .5 5v7A1.5 1.5 0 0 0 2 13.5h12a1.5 1.5 0 0 0 1.5-1.5V5A1.5 1.5 0 0 0 14 3.5h-2.4L10.5 2zM8 5.5a3 3 0 1 1 0 6 3 3 0 0 1 0-6m0 1.2a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6" />
    </svg>
  );
}

export function UploadIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...svg(size)}>
      <path d="M8 1 3.8 5.2l.9.9L7.4 3.4V11h1.2V3.4l2.7 2.7.9-.9zM1.5 10v3.5A1.5 1.5 0 0 0 3 15h10a1.5 1.5 0 0 0 1.5-1.5V10h-1.2v3.5a.3.3 0 0 1-.3.3H3a.3.3 0 0 1-.3-.3V10z" />
    </svg>
  );
}
