import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcceptInvitationRequestSchema,
  ChangeMemberRoleRequestSchema,
  ClientProfileSchema,
  CreateInvitationRequestSchema,
  ErrorBodySchema,
  InvitationInfoSchema,
  InvitationTokenQuerySchema,
  OkResponseSchema,
  TeamInvitationIdQuerySchema,
  TeamInvitationSchema,
  TeamMemberQuerySchema,
  TeamMemberSchema,
  TeamQuerySchema,
  TeamSchema,
} from '@freight/contracts';
import { callerOf } from '../auth/auth.routes';
import * as team from './team.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/**
 * Team members of a company profile (issue 15; not in the spec). Signed-in verified users only;
 * state-changing calls pass the CSRF plugin like every other. Answers are personal:
 * `Cache-Control: no-store`.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ deps: team.TeamDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/api/v1/user/team',
    {
      schema: {
        tags: ['team'],
        summary: 'Members and pending invitations of a company profile',
        description:
          'For the owner and administrators (permission team.manage); other members get 403, someone else’s ' +
          'profile 404, a personal profile 409 (it has no team).',
        querystring: TeamQuerySchema,
        response: { 200: TeamSchema, ...errors },
      },
    },
    async (request) => team.getTeam(deps, await callerOf(request), request.query.account_uuid),
  );

  app.post(
    '/api/v1/user/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary: 'Invite a colleague by phone (SMS) or e-mail with a role',
        description:
          'The contact is a Russian mobile phone or an e-mail. The link (valid 7 days, single use) goes by SMS through ' +
          'the SMS policy or by e-mail. 409 for a contact already in the team or a full team (50 members and pending ' +
          'invitations); 429 after 20 invitations of the profile within an hour, 3 invitation e-mails to one address ' +
          'within an hour, or a spent SMS budget. A new invitation to the same contact replaces the pending one.',
        body: CreateInvitationRequestSchema,
        response: { 201: TeamInvitationSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const invitation = await team.inviteMember(deps, await callerOf(request), request.body);
      return reply.code(201).send(invitation);
    },
  );

  app.delete(
    '/api/v1/user/team/invitations',
    {
      schema: {
        tags: ['team'],
        summary: 'Revoke a pending invitation (?id)',
        querystring: TeamInvitationIdQuerySchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await team.revokeInvitation(deps, await callerOf(request), request.query.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/v1/user/team/member',
    {
      schema: {
        tags: ['team'],
        summary: 'Give a member another role (never the owner’s)',
        body: ChangeMemberRoleRequestSchema,
        response: { 200: TeamMemberSchema, ...errors },
      },
    },
    async (request) => team.changeMemberRole(deps, await callerOf(request), request.body),
  );

  app.delete(
    '/api/v1/user/team/member',
    {
      schema: {
        tags: ['team'],
        summary: 'Remove a member (?account_uuid&user_id), or leave the team (one’s own user_id)',
        description:
          'The owner cannot be removed (409). A removed member who acted for this profile is switched to their personal one.',
        querystring: TeamMemberQuerySchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await team.removeMember(deps, await callerOf(request), request.query);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/user/team/invitation',
    {
      schema: {
        tags: ['team'],
        summary: 'The invitation of a link (?token), for the signed-in person who opened it',
        description: '404 unknown or revoked, 409 already used, 410 expired.',
        querystring: InvitationTokenQuerySchema,
        response: { 200: InvitationInfoSchema, ...errors, 410: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => team.getInvitation(deps, await callerOf(request), request.query.token),
  );

  app.post(
    '/api/v1/user/team/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'Accept an invitation: join the company with its role; it becomes the active profile',
        description:
          'Only when the invitation was sent to the user’s own phone or confirmed e-mail (else 403). Single use: 409 ' +
          'once used, 410 once expired, 404 unknown or revoked.',
        body: AcceptInvitationRequestSchema,
        response: { 200: ClientProfileSchema, ...errors, 410: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => team.acceptInvitation(deps, await callerOf(request), request.body.token),
  );
};
