// What other modules may import from invitations (scripts/check-boundaries.mjs): users creates
// invitations, sso accepts them with an identity provider.
export { acceptInvitation, assertInvitationOpen, createInvitation, findInvitation, invitationAllows, invitationUrl, INVITATION_EXPIRED } from './invitations';
export type { CreatedInvitation, NewInvitation } from './invitations';
export { invitationMail } from './invitationMail';
