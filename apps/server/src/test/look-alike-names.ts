/** Look-alikes of a name and what they normalise to (the form stored, shown and unique). */
export const NAME_TABLE: [string, string][] = [
  ['manager', 'manager'],
  ['manager\u200b', 'manager'], // zero-width space
  ['\u200bman\u200dager\u2060', 'manager'], // zero-width joiner, word joiner
  ['\uff4danager', 'manager'], // fullwidth m
  ['\uff2d\uff21\uff2e\uff21\uff27\uff25\uff32', 'MANAGER'], // all fullwidth
  ['\u2133anager', 'Manager'], // script capital M
  ['Demo\u00a0Transport', 'Demo Transport'], // no-break space
  ['  Demo \t Transport\n', 'Demo Transport'],
  ['Demo\u3000Transport', 'Demo Transport'], // ideographic space
  ['Demo\u200b Transport', 'Demo Transport'],
  ['\ufeffDemo Transport', 'Demo Transport'], // byte order mark
  ['De\u00admo', 'Demo'], // soft hyphen
  ['\u202eoem', 'oem'], // right-to-left override
  ['driver\u{e0041}', 'driver'], // tag character
  ['driver\ufe0f', 'driver'], // variation selector
  ['dr\u0007iver', 'driver'], // a control character
  ['\ufb02eet', 'fleet'], // the ligature fl
  ['\u2460', '1'], // circled digit
  ['Cafe\u0301', 'Caf\u00e9'], // composed
  ['Cafe\u200d\u0301', 'Caf\u00e9'], // composed once the joiner is gone
  ['\u00c9mile \u0141\u00f3d\u017a', '\u00c9mile \u0141\u00f3d\u017a'], // letters stay as they are
  ['\u65e5\u672c \u{1f69a}', '\u65e5\u672c \u{1f69a}'],
  ['\u3164', ''], // Hangul filler: nothing visible
  ['\u200b \u200c', ''],
];
