import {
  MAX_FOOTAGE_AUDIT_LISTED,
  SAFETY_CASE_STATUSES,
  SAFETY_ROUTE_SECONDS,
  type AccessTokenClaims,
  type FootageAuditEntry,
  type SafetyActionInput,
  type SafetyBulkInput,
  type SafetyBulkResult,
  type SafetyCase,
  type SafetyCaseCounts,
  type SafetyCaseDetail,
  type SafetyCaseFilter,
  type SafetyCaseMinute,
  type SafetyCaseQuery,
  type SafetyCoach,
  type SafetyComment,
  type SafetySettings,
} from '@fleet/contract';
import { toMediaItem } from '../../db/media-row.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { Page } from '../../lib/page.js';
import type { AccessService, SafetyAccess, SafetyActor, SafetySubject } from '../access/index.js';
import type { CaseActionsService } from './case-actions.service.js';
import { possibleActions } from './case-status.js';
import type { FootageAuditRepository } from './footage-audit.repository.js';
import type { CaseRow, CaseScope, SafetyRepository } from './safety.repository.js';
import { caseState, toComment, toHistoryEntry, toSafetyCase } from './safety-views.js';

/** The inbox shows 10 a page (spec §9). */
const DEFAULT_PAGE = 10;

const subjectOf = (r: CaseRow): SafetySubject & { organisationId: number } => ({
  organisationId: r.organisation_id,
  driverId: r.driver_id,
  driversSeeClips: r.drivers_see_clips,
});

/** Safety review (issue 20): the inbox, a case with all it has, comments, settings, audits. */
export class SafetyService {
  constructor(
    private readonly repository: SafetyRepository,
    private readonly footage: FootageAuditRepository,
    private readonly access: AccessService,
    private readonly safetyAccess: SafetyAccess,
    private readonly actions: CaseActionsService,
  ) {}

  /** The caller as the safety rules see them: their role and, for a DRIVER, their driver. */
  private async actor(user: AccessTokenClaims): Promise<SafetyActor> {
    const driverId =
      user.user_role === 'DRIVER' ? await this.repository.driverOfUser(user.user_id) : null;
    return { role: user.user_role, driverId };
  }

  private scope(actor: SafetyActor): CaseScope {
    return actor.role === 'DRIVER' ? { driverId: actor.driverId } : 'all';
  }

  private async readable(user: AccessTokenClaims, actor: SafetyActor, id: number) {
    const found = await this.repository.find(id);
    await this.safetyAccess.case(
      user,
      actor,
      found && subjectOf(found),
      `Safety case ${id}`,
      'READ',
    );
    return found!;
  }

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: SafetyCaseQuery,
  ): Promise<Page<SafetyCase>> {
    const actor = await this.actor(user);
    await this.safetyAccess.organisation(user, actor, organisationId, 'LIST');
    const { limit = DEFAULT_PAGE, offset = 0, ...filter } = query;
    const page = await this.repository.list(organisationId, filter, this.scope(actor), {
      limit,
      offset,
    });
    return { rows: page.rows.map(toSafetyCase), total: page.total };
  }

  async counts(
    user: AccessTokenClaims,
    organisationId: number,
    filter: SafetyCaseFilter,
  ): Promise<SafetyCaseCounts> {
    const actor = await this.actor(user);
    await this.safetyAccess.organisation(user, actor, organisationId, 'LIST');
    const rows = await this.repository.counts(organisationId, filter, this.scope(actor));
    const counts: SafetyCaseCounts = {
      ...(Object.fromEntries(SAFETY_CASE_STATUSES.map((s) => [s, 0])) as Record<
        (typeof SAFETY_CASE_STATUSES)[number],
        number
      >),
      total: 0,
      overdue: 0,
      unacknowledged: 0,
    };
    for (const row of rows) {
      counts[row.status] = row.n;
      counts.total += row.n;
      counts.overdue += row.overdue;
      counts.unacknowledged += row.unacknowledged;
    }
    return counts;
  }

  async get(
    user: AccessTokenClaims,
    id: number,
    filter: SafetyCaseFilter = {},
  ): Promise<SafetyCaseDetail> {
    const actor = await this.actor(user);
    const row = await this.readable(user, actor, id);
    const subject = subjectOf(row);
    const seesMedia = this.safetyAccess.may(actor, 'SEE_MEDIA', subject);
    const [media, history, comments, neighbours] = await Promise.all([
      seesMedia ? this.repository.media(row) : Promise.resolve([]),
      this.repository.history(id),
      this.repository.comments(id),
      this.repository.neighbours(row, filter, this.scope(actor)),
    ]);
    const audit = this.safetyAccess.may(actor, 'AUDIT')
      ? await this.footage.of(
          media.map((m) => m.id),
          MAX_FOOTAGE_AUDIT_LISTED,
        )
      : [];
    const allowed = possibleActions(caseState(row, history)).filter((a) =>
      this.safetyAccess.may(actor, a, subject),
    );
    return {
      ...toSafetyCase(row),
      media: media.map(toMediaItem),
      history: history.map(toHistoryEntry),
      comments: comments.map(toComment),
      audit,
      previousId: neighbours.previous,
      nextId: neighbours.next,
      allowedActions: allowed,
      mayComment: this.safetyAccess.may(actor, 'COMMENT', subject),
    };
  }

  async act(
    user: AccessTokenClaims,
    id: number,
    input: SafetyActionInput,
  ): Promise<SafetyCaseDetail> {
    await this.actions.act(user, await this.actor(user), id, input);
    return this.get(user, id);
  }

  async bulk(
    user: AccessTokenClaims,
    organisationId: number,
    input: SafetyBulkInput,
  ): Promise<SafetyBulkResult> {
    return this.actions.bulk(user, await this.actor(user), organisationId, input);
  }

  async comment(user: AccessTokenClaims, id: number, text: string): Promise<SafetyComment> {
    const actor = await this.actor(user);
    const found = await this.repository.find(id);
    await this.safetyAccess.case(
      user,
      actor,
      found && subjectOf(found),
      `Safety case ${id}`,
      'COMMENT',
    );
    const name = await this.repository.userName(user.user_id);
    return toComment(await this.repository.addComment(id, { id: user.user_id, name }, text.trim()));
  }

  /** The route, speeds and events around the event (SAFETY_ROUTE_SECONDS each side). */
  async minute(user: AccessTokenClaims, id: number): Promise<SafetyCaseMinute> {
    const row = await this.readable(user, await this.actor(user), id);
    const at = row.event_time.getTime();
    const from = new Date(at - SAFETY_ROUTE_SECONDS * 1000);
    const until = new Date(at + SAFETY_ROUTE_SECONDS * 1000);
    const [points, events] = await Promise.all([
      this.repository.points(row.asset_id, from, until),
      this.repository.events(row.asset_id, from, until),
    ]);
    const location = (p: { latitude: number | null; longitude: number | null }) =>
      p.latitude === null || p.longitude === null
        ? null
        : { latitude: p.latitude, longitude: p.longitude };
    return {
      from: from.toISOString(),
      until: until.toISOString(),
      points: points.map((p) => ({
        timestamp: p.timestamp.toISOString(),
        location: location(p),
        speed: p.speed,
      })),
      events: events.map((e) => ({
        timestamp: e.timestamp.toISOString(),
        eventType: e.event_type,
        location: location(e),
      })),
    };
  }

  async coaches(user: AccessTokenClaims, organisationId: number): Promise<SafetyCoach[]> {
    await this.safetyAccess.organisation(user, await this.actor(user), organisationId, 'COACHES');
    const rows = await this.repository.coaches(organisationId, user.organisation_id);
    return rows.map((r) => ({ id: r.id, name: r.name, userName: r.username }));
  }

  async settings(user: AccessTokenClaims, organisationId: number): Promise<SafetySettings> {
    await this.safetyAccess.organisation(user, await this.actor(user), organisationId, 'SETTINGS');
    return this.repository.settings(organisationId);
  }

  async saveSettings(
    user: AccessTokenClaims,
    organisationId: number,
    settings: SafetySettings,
  ): Promise<SafetySettings> {
    const actor = await this.actor(user);
    await this.safetyAccess.organisation(user, actor, organisationId, 'CHANGE_SETTINGS');
    const groupIds = settings.groupCoaches.map((g) => g.groupId);
    if (new Set(groupIds).size !== groupIds.length)
      throw badRequest('groupCoaches names a group more than once');
    const own = await this.repository.groupsOf(organisationId, groupIds);
    this.access.assertNoneOutside(
      'Group',
      groupIds.filter((g) => !own.includes(g)),
    );
    const coaches = await this.repository.coaches(organisationId, user.organisation_id);
    const strangers = settings.groupCoaches.filter(
      (g) => !coaches.some((c) => c.id === g.coachUserId),
    );
    if (strangers.length)
      throw badRequest(
        `User ${strangers[0]!.coachUserId} cannot coach this organisation's cases: a coach manages the fleet of the organisation or one above it`,
      );
    await this.repository.saveSettings(organisationId, settings);
    return this.repository.settings(organisationId);
  }

  /** GET media/{id}/audit: who looked at a medium; for those who manage the fleet. */
  async mediaAudit(user: AccessTokenClaims, mediaId: number): Promise<FootageAuditEntry[]> {
    const organisationId = await this.footage.organisationOfMedium(mediaId);
    if (organisationId === undefined) throw notFound(`Medium ${mediaId} does not exist`);
    await this.access.assertWithin(user, organisationId, `Medium ${mediaId}`);
    this.safetyAccess.assert(await this.actor(user), 'AUDIT');
    return this.footage.of([mediaId], MAX_FOOTAGE_AUDIT_LISTED);
  }
}
