import type { SettingTexts } from './en';

// Words as elsewhere in the Dutch portal: uitrollen, cruisen, stationair draaien, hard remmen,
// hard accelereren, te hoog toerental, te hard rijden, contact (ignition), rit, gebeurtenis.
export const settingTextsNl: SettingTexts = {
  // Gewichten
  coastWeight: {
    label: 'Gewicht uitrollen',
    description:
      'Hoe zwaar uitrollen meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  cruiseWeight: {
    label: 'Gewicht cruisen',
    description:
      'Hoe zwaar cruisen meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  drivingBehaviorWeight: {
    label: 'Gewicht rijgedrag',
    description:
      'Hoe zwaar anticiperen (remmingen die niet in een stop eindigen) meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  harshAccelerationWeight: {
    label: 'Gewicht hard accelereren',
    description:
      'Hoe zwaar hard accelereren meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  harshBrakeWeight: {
    label: 'Gewicht hard remmen',
    description:
      'Hoe zwaar hard remmen meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  harshPedalAccelerationWeight: {
    label: 'Gewicht vol gas geven',
    description:
      'Hoe zwaar vol gas geven (gaspedaal boven de pedaaldrempel) meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  idleWeight: {
    label: 'Gewicht stationair draaien',
    description:
      'Hoe zwaar stationair draaien meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  overRpmWeight: {
    label: 'Gewicht te hoog toerental',
    description:
      'Hoe zwaar rijden met een te hoog toerental meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  overSpeedWeight: {
    label: 'Gewicht te hard rijden',
    description:
      'Hoe zwaar te hard rijden meetelt in de totaalscore, ten opzichte van de andere gewichten (bij 0 telt het niet mee).',
  },
  // Factoren
  coastFactor: {
    label: 'Factor uitrollen',
    description:
      'Aandeel van de rijtijd, in procent, met uitrollen waarbij de volledige score voor uitrollen wordt behaald.',
  },
  cruiseFactor: {
    label: 'Factor cruisen',
    description:
      'Aandeel van de rijtijd, in procent, met cruisen waarbij de volledige score voor cruisen wordt behaald.',
  },
  drivingBehaviorFactor: {
    label: 'Factor rijgedrag',
    description:
      'Aantal remmingen per 100 km die niet in een stop eindigen waarbij het rijgedragdeel van de score voor hard remmen halveert.',
  },
  harshAccelerationFactor: {
    label: 'Factor hard accelereren',
    description:
      'Aantal harde acceleraties per 100 km waarbij hun deel van de score voor hard accelereren halveert.',
  },
  harshBrakeFactor: {
    label: 'Factor hard remmen',
    description:
      'Aantal harde remmingen per 100 km waarbij hun deel van de score voor hard remmen halveert.',
  },
  harshPedalAccelerationFactor: {
    label: 'Factor vol gas geven',
    description:
      'Aandeel van de rijtijd, in procent, met het gaspedaal boven de pedaaldrempel waarbij dat deel van de score voor hard accelereren halveert.',
  },
  idleFactor: {
    label: 'Factor stationair draaien',
    description:
      'Aandeel van de motortijd, in procent, waarin langer dan de stationairtijd stationair wordt gedraaid, waarbij de score voor stationair draaien halveert.',
  },
  overRpmFactor: {
    label: 'Factor te hoog toerental',
    description:
      'Aandeel van de rijtijd, in procent, boven de toerentaldrempel waarbij de score voor het toerental halveert.',
  },
  overSpeedFactor: {
    label: 'Factor te hard rijden',
    description:
      'Aandeel van de rijtijd, in procent, boven de snelheidsdrempel waarbij de score voor de snelheid halveert.',
  },
  // Configuraties
  accelerationThreshold: {
    label: 'Acceleratiedrempel',
    description: 'Versnelling, in m/s², waarboven het voertuig als accelererend telt.',
  },
  brakeThreshold: {
    label: 'Remdrempel',
    description: 'Vertraging, in m/s², waarboven het voertuig als remmend telt.',
  },
  rpmThreshold: {
    label: 'Toerentaldrempel',
    description:
      'Motortoerental, in toeren per minuut, waarboven rijtijd meetelt als rijden met een te hoog toerental.',
  },
  speedThreshold: {
    label: 'Snelheidsdrempel',
    description: 'Snelheid, in km/u, waarboven rijtijd meetelt als te hard rijden.',
  },
  torqueThreshold: {
    label: 'Koppeldrempel',
    description:
      'Motorkoppel, in procent van het maximum, waarboven rijtijd meetelt als rijden met een te hoog koppel.',
  },
  pedalThreshold: {
    label: 'Pedaaldrempel',
    description:
      'Stand van het gaspedaal, in procent, waarboven rijtijd meetelt als vol gas geven.',
  },
  accelerationTime: {
    label: 'Acceleratietijd',
    description:
      'Tijd, in seconden, die een versnelling moet duren voordat ze als acceleratietijd meetelt.',
  },
  decelerationTime: {
    label: 'Vertragingstijd',
    description:
      'Tijd, in seconden, die een vertraging moet duren voordat ze als vertragingstijd meetelt.',
  },
  driveSpeed: {
    label: 'Minimale rijsnelheid',
    description: 'Snelheid, in km/u, waarboven het voertuig als rijdend telt.',
  },
  // Drempels
  coastableDistance: {
    label: 'Uitrolafstand',
    description:
      'Afstand, in meters, die het voertuig zonder brandstofverbruik moet rollen voordat het als uitrollen telt.',
  },
  cruiseTime: {
    label: 'Cruisetijd',
    description:
      'Tijd, in seconden, die de snelheid gelijk moet blijven voordat het voertuig als cruisend telt.',
  },
  cruisableSpeed: {
    label: 'Minimale cruisesnelheid',
    description:
      'Laagste snelheid, in km/u, waarbij rijden met een gelijke snelheid als cruisen telt.',
  },
  idleTime: {
    label: 'Stationairtijd',
    description:
      'Tijd, in seconden, die de motor bij stilstand mag draaien voordat het als te lang stationair draaien telt en de gebeurtenis ‘Stationair: begin’ ontstaat.',
  },
  overRpm: {
    label: 'Te hoog toerental',
    description:
      'Motortoerental, in toeren per minuut, waarboven de gebeurtenis ‘Te hoog toerental: begin’ ontstaat.',
  },
  overSpeed: {
    label: 'Snelheidsoverschrijding',
    description: 'Snelheid, in km/u, waarboven de gebeurtenis ‘Te hard: begin’ ontstaat.',
  },
  harshAccelerationSpeed: {
    label: 'Snelheidstoename hard accelereren',
    description:
      'Toename van de snelheid, in km/u per seconde, waarbij de gebeurtenis ‘Hard accelereren’ ontstaat.',
  },
  stopSpeed: {
    label: 'Stilstandsnelheid',
    description: 'Snelheid, in km/u, waaronder het voertuig als stilstaand telt.',
  },
  brakeSpeed: {
    label: 'Snelheidsafname hard remmen',
    description:
      'Afname van de snelheid, in km/u per seconde, waarbij de gebeurtenis ‘Hard remmen’ ontstaat.',
  },
  fuelLevelDelay: {
    label: 'Wachttijd brandstofniveau',
    description:
      'Tijd, in seconden, die het brandstofniveau gelijk moet blijven voordat het wordt vastgelegd, zodat klotsende brandstof niet meetelt.',
  },
  // Ritten
  fromIgnition: {
    label: 'Rit bij contact aan',
    description: 'Begin een rit wanneer het contact wordt aangezet.',
  },
  ignitionTimeout: {
    label: 'Wachttijd contact uit',
    description: 'Tijd, in seconden, dat het contact uit mag staan voordat de rit eindigt.',
  },
  fromMovement: {
    label: 'Rit bij beweging',
    description: 'Begin een rit wanneer het voertuig beweegt, ook als het contact uit staat.',
  },
  fromEngine: {
    label: 'Rit bij motorstart',
    description: 'Begin een rit wanneer de motor gaat draaien.',
  },
  // Periodiek
  sendFrequencyMoving: {
    label: 'Verzendinterval tijdens rijden',
    description: 'Tijd, in seconden, tussen twee records terwijl het voertuig rijdt.',
  },
  sendFrequencyNotMoving: {
    label: 'Verzendinterval bij stilstand',
    description: 'Tijd, in seconden, tussen twee records terwijl het voertuig stilstaat.',
  },
  // Incidenten
  incidentRecordTime: {
    label: 'Opnameduur incident',
    description: 'Lengte, in seconden, van de video die de camera rond een incident bewaart.',
  },
  incidentMinimumSpeed: {
    label: 'Minimumsnelheid incident',
    description: 'Laagste snelheid, in km/u, waarbij de camera incidenten detecteert.',
  },
  incidentAcceleration: {
    label: 'Versnelling incident',
    description: 'Versnelling, in m/s², die de camera als incident beschouwt.',
  },
  incidentBrake: {
    label: 'Vertraging incident',
    description: 'Vertraging, in m/s², die de camera als incident beschouwt.',
  },
  // Camera
  alwaysRecord: {
    label: 'Altijd opnemen',
    description: 'Continu opnemen zolang het contact aan staat, niet alleen rond gebeurtenissen.',
  },
  recordMask: {
    label: 'Opnemende camera’s',
    description: 'Camera’s die opnemen op de opslag van de camera-unit.',
  },
  displayMask: {
    label: 'Camera’s op het scherm',
    description: 'Camera’s die op het scherm in de cabine te zien zijn.',
  },
  osd: {
    label: 'Gegevens in beeld (OSD)',
    description: 'Datum, tijd en snelheid in de opgenomen video tonen (on-screen display).',
  },
  overlayRanking: {
    label: 'Overlays op volgorde van rang',
    description:
      'De camera-overlays op het scherm ordenen op de rang van elke camera in plaats van op het cameranummer.',
  },
  frontOverlayAfterIgnition: {
    label: 'Voorcamera na contact aan',
    description: 'De voorcamera op het scherm tonen wanneer het contact wordt aangezet.',
  },
  canBusMask: {
    label: 'CAN-bussen',
    description:
      'CAN-bussen waarnaar de camera-unit luistert: 1 voor CAN 1, 2 voor CAN 2, 3 voor beide, 0 voor geen.',
  },
  // Camera, per kanaal n (1 tot en met 4)
  camResolution: {
    label: 'Resolutie camera {{n}}',
    description: 'Opnameresolutie van camera {{n}}.',
  },
  camVideoMode: {
    label: 'Videostandaard camera {{n}}',
    description: 'Videostandaard van camera {{n}}; met AUTO herkent de camera-unit die zelf.',
  },
  camMirrored: {
    label: 'Camera {{n}} gespiegeld',
    description: 'Het beeld van camera {{n}} spiegelen, voor een camera die naar achteren kijkt.',
  },
  camIo: {
    label: 'Ingang camera {{n}}',
    description:
      'Digitale ingang (1 tot en met 8) die camera {{n}} op het scherm toont zolang die ingang aan staat; 0 voor geen.',
  },
  camRank: {
    label: 'Rang camera {{n}}',
    description:
      'Plaats van camera {{n}} in de volgorde van de overlays op het scherm; 1 komt eerst.',
  },
  camHideDelay: {
    label: 'Nalooptijd camera {{n}}',
    description:
      'Tijd, in seconden, dat camera {{n}} op het scherm blijft nadat de ingang uit gaat.',
  },
  camOverlayCameraMask: {
    label: 'Beeld-in-beeld camera {{n}}',
    description: 'Camera’s die als klein beeld in het beeld van camera {{n}} te zien zijn.',
  },
  // Media
  sendOverWifi: {
    label: 'Alleen via wifi verzenden',
    description: 'Foto’s en video’s alleen via wifi verzenden, om mobiele data te sparen.',
  },
  eventCameraMask: {
    label: 'Camera’s bij gebeurtenissen',
    description:
      'Per gebeurtenis de camera’s die een foto maken en de camera’s die een video versturen.',
  },
  videoDurationBeforeEvent: {
    label: 'Videoduur vóór gebeurtenis',
    description: 'Lengte, in seconden, van de video vóór een gebeurtenis.',
  },
  videoDurationAfterEvent: {
    label: 'Videoduur na gebeurtenis',
    description: 'Lengte, in seconden, van de video na een gebeurtenis.',
  },
  // Alarm
  alarmCameraMask: {
    label: 'Camera’s bij alarm',
    description:
      'Camera’s die een foto maken en camera’s die een video versturen wanneer een alarm begint.',
  },
  videoDurationBeforeAlarm: {
    label: 'Videoduur vóór alarm',
    description: 'Lengte, in seconden, van de video vóór een alarm.',
  },
  videoDurationAfterAlarm: {
    label: 'Videoduur na alarm',
    description: 'Lengte, in seconden, van de video na een alarm.',
  },
  alarmSendFrequency: {
    label: 'Verzendinterval bij alarm',
    description: 'Tijd, in seconden, tussen twee verzonden posities zolang een alarm actief is.',
  },
  // Livebeeld
  liveFeedCameraMask: {
    label: 'Camera’s in livebeeld',
    description:
      'Camera’s die in een livebeeld worden gestreamd, tenzij het verzoek andere camera’s noemt.',
  },
  liveFeedVideoWidth: {
    label: 'Breedte livebeeld',
    description: 'Breedte, in pixels, van het livebeeld.',
  },
  liveFeedVideoHeight: {
    label: 'Hoogte livebeeld',
    description: 'Hoogte, in pixels, van het livebeeld.',
  },
  liveFeedFps: {
    label: 'Beelden per seconde livebeeld',
    description: 'Aantal beelden per seconde van het livebeeld.',
  },
  // Niveaus
  warningLevel: {
    label: 'Waarschuwingsniveau',
    description:
      'Rijstijlscore, 0 tot 100, waaronder het scherm in de cabine de chauffeur waarschuwt.',
  },
  criticalLevel: {
    label: 'Kritiek niveau',
    description:
      'Rijstijlscore, 0 tot 100, waaronder het scherm in de cabine de chauffeur een kritieke waarschuwing geeft.',
  },
};
