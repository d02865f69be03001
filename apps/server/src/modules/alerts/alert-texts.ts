/**
 * The words of an alert e-mail and webhook, in the recipient's language (English, Dutch).
 * Pure: times are written in the fleet's zone.
 */
export type MailLanguage = 'en' | 'nl';

export interface AlertFacts {
  ruleName: string;
  kind: string;
  detail: string | null;
  assetName: string | null;
  occurredAt: Date;
  /** a digest: the rule's throttle limit it went beyond (null: one occurrence) */
  digestOver: number | null;
}

const EVENTS: Record<MailLanguage, Record<string, string>> = {
  en: {
    HARSH_BRAKE: 'Harsh braking',
    HARSH_ACCELERATION: 'Harsh acceleration',
    OVER_SPEED_START: 'Speeding',
    OVER_SPEED_STOP: 'Speeding ended',
    OVER_RPM_START: 'Over-revving',
    OVER_RPM_STOP: 'Over-revving ended',
    IDLE_START: 'Idling',
    IDLE_STOP: 'Idling ended',
    EMERGENCY_BRAKE: 'Emergency braking',
  },
  nl: {
    HARSH_BRAKE: 'Hard remmen',
    HARSH_ACCELERATION: 'Hard optrekken',
    OVER_SPEED_START: 'Te hard rijden',
    OVER_SPEED_STOP: 'Te hard rijden beëindigd',
    OVER_RPM_START: 'Te hoog toerental',
    OVER_RPM_STOP: 'Te hoog toerental beëindigd',
    IDLE_START: 'Stationair draaien',
    IDLE_STOP: 'Stationair draaien beëindigd',
    EMERGENCY_BRAKE: 'Noodrem',
  },
};

const KINDS: Record<MailLanguage, Record<string, string>> = {
  en: {
    silent: 'Device silent',
    monitoring: 'Monitoring started',
    mediaFailed: 'Media request failed',
    zoneEnter: 'Entered zone',
    zoneExit: 'Left zone',
    zoneSpeeding: 'Speeding in zone',
    caseNeedsReview: 'Case to review',
  },
  nl: {
    silent: 'Kastje stil',
    monitoring: 'Meekijken gestart',
    mediaFailed: 'Mediaverzoek mislukt',
    zoneEnter: 'Zone binnengereden',
    zoneExit: 'Zone verlaten',
    zoneSpeeding: 'Te hard in zone',
    caseNeedsReview: 'Geval te beoordelen',
  },
};

const WORDS = {
  en: {
    asset: 'Vehicle',
    at: 'Time',
    rule: 'Rule',
    digest: 'digest',
    digestText: (n: number) =>
      `This rule fired more than ${n} times in ten minutes. Until the ten minutes are over, further occurrences are counted in one digest in the portal instead of a message each.`,
    footer: 'You receive this because an alert rule of your fleet names this address.',
  },
  nl: {
    asset: 'Voertuig',
    at: 'Tijd',
    rule: 'Regel',
    digest: 'samenvatting',
    digestText: (n: number) =>
      `Deze regel ging binnen tien minuten meer dan ${n} keer af. Tot die tien minuten voorbij zijn, worden verdere meldingen in één samenvatting in het portaal geteld in plaats van elk een bericht.`,
    footer: 'U ontvangt dit omdat een meldingsregel van uw vloot dit adres noemt.',
  },
} as const;

/** What happened, in words: the event's name or the rule kind's. */
export function what(language: MailLanguage, kind: string, detail: string | null): string {
  if (kind === 'event' && detail) return EVENTS[language][detail] ?? detail;
  // zone kinds: the detail is the zone's name
  if (kind.startsWith('zone') && detail) return `${KINDS[language][kind] ?? kind} ${detail}`;
  // a case: the detail is its event type
  if (kind === 'caseNeedsReview' && detail)
    return `${KINDS[language][kind]}: ${EVENTS[language][detail] ?? detail}`;
  return KINDS[language][kind] ?? kind;
}

export function alertMail(
  facts: AlertFacts,
  language: MailLanguage,
  timeZone: string,
): { subject: string; body: string } {
  const words = WORDS[language];
  const title = what(language, facts.kind, facts.detail);
  const time = new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  }).format(facts.occurredAt);
  const subject = `${title}${facts.assetName ? ` – ${facts.assetName}` : ''}${
    facts.digestOver ? ` (${words.digest})` : ''
  }`;
  const lines = [
    `${title}`,
    '',
    `${words.rule}: ${facts.ruleName}`,
    ...(facts.assetName ? [`${words.asset}: ${facts.assetName}`] : []),
    `${words.at}: ${time} (${timeZone})`,
    ...(facts.digestOver ? ['', words.digestText(facts.digestOver)] : []),
    '',
    '--',
    words.footer,
  ];
  return { subject, body: lines.join('\n') };
}
