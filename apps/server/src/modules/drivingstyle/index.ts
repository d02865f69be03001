// Driving style's front door: pure maths and the score (docs/scoring.md); no I/O.
export {
  addStats,
  addStatsInto,
  deltaStats,
  deriveStats,
  emptyStats,
  subtractStats,
} from './driving-style.js';
export {
  DEFAULT_SCORE_SETTINGS,
  SCORE_COMPONENTS,
  score,
  scoreDriven,
  type ScoreComponent,
  type ScoreSettings,
} from './scoring.js';
