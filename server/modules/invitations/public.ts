// What other modules may import from invitations (scripts/check-boundaries.mjs): users creates
// invitations, sso accepts them with an identity provider.
export { invitationMail } from './invitationMail';
export type { CreatedInvitation, NewInvitation } from './invitations';
export {
  acceptInvitation,
  assertInvitationOpen,
  createInvitation,
  findInvitation,
  INVITATION_EXPIRED,
  invitationAllows,
  invitationUrl,
} from './invitations';
