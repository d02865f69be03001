/** The report subscriptions screen's texts (issue 21 §4). */
export const reportSubscriptionsEn = {
  title: 'Report subscriptions',
  intro:
    'Reports sent by e-mail after each complete day, week (Monday to Sunday) or month, with the report attached as an Excel file (the driving-style rankings also as a printable PDF) and a link back to the portal.',
  kinds: {
    DRIVING_STYLE: 'Driving style rankings',
    SAFETY_EVENTS: 'Safety events',
    ZONE_VISITS: 'Zone visits',
  },
  frequencies: { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' },
  form: {
    kind: 'Report',
    frequency: 'Frequency',
    group: 'Group',
    allGroups: 'All groups',
    recipient: 'Recipient',
    me: 'Me',
    email: 'E-mail address',
    language: 'Language',
    add: 'Subscribe',
  },
  list: {
    none: 'No report subscriptions yet.',
    recipient: 'Recipient',
    delete: 'Delete',
    deleteConfirm: 'Delete this report subscription?',
  },
  saved: 'Subscription saved',
  deleted: 'Subscription deleted',
  history: {
    title: 'Sent reports',
    none: 'Nothing sent yet.',
    kept: 'No mail server (SMTP) is configured: reports wait here and are sent once it is.',
    period: 'Period',
    status: 'Status',
    attempts: 'Attempts',
    error: 'Last error',
    noSmtp: 'No mail server configured',
    sentAt: 'Sent',
    statuses: { PENDING: 'Waiting', SENT: 'Sent', FAILED: 'Failed' },
  },
};
export type ReportSubscriptionsTexts = typeof reportSubscriptionsEn;
