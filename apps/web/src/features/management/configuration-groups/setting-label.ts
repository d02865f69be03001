/** Words a parameter spells in lower case that people write otherwise. */
const SPELLING: Record<string, string> = {
  osd: 'OSD',
  io: 'IO',
  fps: 'FPS',
  rpm: 'RPM',
  can: 'CAN',
  wifi: 'WiFi',
  cam: 'Camera',
};

/** 'overSpeedThreshold' → 'Over speed threshold'; 'cam1Io' → 'Camera 1 IO'. */
export function settingLabel(parameter: string): string {
  const words = parameter
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word, i) => {
      const spelled = SPELLING[word.toLowerCase()];
      if (spelled) return spelled;
      if (/^[A-Z0-9]+$/.test(word) && word.length > 1) return word;
      return i ? word.toLowerCase() : word;
    });
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
