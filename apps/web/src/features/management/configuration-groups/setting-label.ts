/** 'overSpeedThreshold' → 'Over speed threshold'; 'camera1Resolution' → 'Camera 1 resolution'. */
export function settingLabel(parameter: string): string {
  const words = parameter
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word, i) =>
      /^[A-Z0-9]+$/.test(word) && word.length > 1 ? word : i ? word.toLowerCase() : word,
    );
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
