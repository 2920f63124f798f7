import { z } from 'zod';
import {
  EmailSchema,
  INVITABLE_ROLES,
  MESSAGES,
  PROFILE_ROLES,
  acceptsSms,
  normalizePhone,
  removeInvisibleChars,
} from '@freight/domain';

/*
 * Team members of a company profile (issue 15): the member list, invitations by phone or
 * e-mail, role changes and removal; the invited person's view of an invitation and its
 * acceptance. The contract shared by the API and the web, published in the OpenAPI document.
 */

const T = MESSAGES.team;

/** An invitation's way to its recipient. */
export const TEAM_CONTACT_CHANNELS = ['phone', 'email'] as const;
export type TeamContactChannel = (typeof TEAM_CONTACT_CHANNELS)[number];

export interface TeamContact {
  channel: TeamContactChannel;
  /** `+7XXXXXXXXXX` or a lower-cased e-mail. */
  contact: string;
}

/**
 * Reads what an administrator typed as a colleague's contact: anything with `@` is an e-mail
 * (the domain's EmailSchema: cleaned, lower-cased, checked), anything else a phone that must be
 * a Russian mobile number (the invitation goes by SMS, decision 010). Null when it is neither.
 */
export function parseTeamContact(value: string): TeamContact | null {
  const cleaned = removeInvisibleChars(value).trim();
  if (cleaned.includes('@')) {
    const email = EmailSchema.safeParse(cleaned);
    return email.success ? { channel: 'email', contact: email.data } : null;
  }
  const phone = normalizePhone(cleaned);
  return phone !== null && acceptsSms(phone) ? { channel: 'phone', contact: phone } : null;
}

/** The contact field of an invitation: a Russian mobile phone or an e-mail, parsed by {@link parseTeamContact}. */
export const TeamContactSchema = z
  .string({ error: T.contactRequired })
  .overwrite((value) => removeInvisibleChars(value).trim())
  .min(1, { error: T.contactRequired, abort: true })
  .max(320, { error: T.contactInvalid, abort: true })
  .transform((value, ctx): TeamContact => {
    const parsed = parseTeamContact(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: T.contactInvalid });
      return z.NEVER;
    }
    return parsed;
  });

const accountUuid = z
  .string({ error: T.profileNotFound })
  .trim()
  .min(1, { error: T.profileNotFound })
  .max(64, { error: T.profileNotFound });
const invitableRole = z.enum(INVITABLE_ROLES, { error: T.roleInvalid });
const userId = z.coerce
  .number({ error: T.memberNotFound })
  .int({ error: T.memberNotFound })
  .positive({ error: T.memberNotFound })
  .max(2_147_483_647, { error: T.memberNotFound });
/** A link token as it arrives; anything malformed is an unknown invitation (404), not a 400. */
const invitationToken = z
  .string({ error: T.invitationNotFound })
  .trim()
  .min(1, { error: T.invitationNotFound })
  .max(256, { error: T.invitationNotFound });

// Query strings carry no schema id: @fastify/swagger cannot resolve a $ref for parameters.

/** GET /user/team?account_uuid */
export const TeamQuerySchema = z.object({ account_uuid: accountUuid });

/** DELETE /user/team/invitations?id */
export const TeamInvitationIdQuerySchema = z.object({
  id: z.string({ error: T.invitationNotFound }).trim().min(1, { error: T.invitationNotFound }).max(64),
});

/** DELETE /user/team/member?account_uuid&user_id */
export const TeamMemberQuerySchema = z.object({ account_uuid: accountUuid, user_id: userId });

/** GET /user/team/invitation?token */
export const InvitationTokenQuerySchema = z.object({ token: invitationToken });

export const TeamMemberSchema = z
  .object({
    user_id: z.number().int(),
    name: z.string().meta({ description: 'Name, or Клиент-{id}' }),
    phone: z.string().nullable().meta({ description: '+7XXXXXXXXXX' }),
    email: z.string().nullable().meta({ description: 'Confirmed e-mail, or null' }),
    role: z.enum(PROFILE_ROLES),
    role_label: z.string(),
    since: z.string().meta({ description: 'When the member joined (ISO 8601)' }),
    is_you: z.boolean(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z
  .object({
    id: z.string().meta({ description: 'Invitation id (uuid), for revoking it' }),
    channel: z.enum(TEAM_CONTACT_CHANNELS),
    contact: z.string().meta({ description: '+7XXXXXXXXXX or the e-mail' }),
    role: z.enum(INVITABLE_ROLES),
    role_label: z.string(),
    invited_by: z.string().nullable().meta({ description: 'Display name of who sent it' }),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'TeamInvitation' });
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const TeamSchema = z
  .object({
    account_uuid: z.string(),
    name: z.string().meta({ description: 'The company' }),
    your_role: z.enum(PROFILE_ROLES),
    members: z.array(TeamMemberSchema).meta({ description: 'The owner first, then by role and joining date' }),
    invitations: z
      .array(TeamInvitationSchema)
      .meta({ description: 'Pending (neither accepted, revoked nor expired), newest first' }),
    max_members: z.number().int().meta({ description: 'Members and pending invitations together may not exceed it' }),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof TeamSchema>;

/** POST /user/team/invitations */
export const CreateInvitationRequestSchema = z
  .strictObject({ account_uuid: accountUuid, contact: TeamContactSchema, role: invitableRole })
  .meta({ id: 'CreateInvitationRequest' });
export type CreateInvitationRequest = z.input<typeof CreateInvitationRequestSchema>;

/** PUT /user/team/member */
export const ChangeMemberRoleRequestSchema = z
  .strictObject({ account_uuid: accountUuid, user_id: userId, role: invitableRole })
  .meta({ id: 'ChangeMemberRoleRequest' });
export type ChangeMemberRoleRequest = z.input<typeof ChangeMemberRoleRequestSchema>;

/** POST /user/team/accept */
export const AcceptInvitationRequestSchema = z
  .strictObject({ token: invitationToken })
  .meta({ id: 'AcceptInvitationRequest' });

/** GET /user/team/invitation: what the invitation is, for the signed-in person who opened the link. */
export const InvitationInfoSchema = z
  .object({
    company_name: z.string(),
    role: z.enum(INVITABLE_ROLES),
    role_label: z.string(),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
    channel: z.enum(TEAM_CONTACT_CHANNELS),
    contact_masked: z.string().meta({ description: 'Where it was sent: +7 (9**) ***-**-67 or iv***@mail.ru' }),
    for_you: z
      .boolean()
      .meta({ description: 'The contact is the signed-in user’s phone or confirmed e-mail (accepting would succeed)' }),
  })
  .meta({ id: 'InvitationInfo' });
export type InvitationInfo = z.infer<typeof InvitationInfoSchema>;
