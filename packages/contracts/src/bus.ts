import { Type, type Static } from 'typebox';
import { MessageSchema } from './messages.js';

/** Every bus subject is named here and only here. */
export const subjects = {
  /** A committed message for one user, published once for the receiver and once for the sender. */
  userMessages: (userId: string) => `chat.msg.${userId}`,
  /** A `UserUpserted` after a signup or a profile change. */
  usersUpserted: 'users.upserted',
  /** A `SessionsRevoked` after a logout: the gateway ends those sessions' sockets. */
  sessionsRevoked: 'sessions.revoked',
} as const;

/** What messages publishes on `chat.msg.<userId>` and the gateway emits as `newMessage`. */
export const MessageDeliverySchema = Type.Object({
  message: MessageSchema,
  /** The sender's socket that sent it, which already has it from the HTTP answer. */
  originSocketId: Type.Optional(Type.String()),
});
export type MessageDelivery = Static<typeof MessageDeliverySchema>;

/** A user's public card, as auth announces it on `users.upserted`. */
export const UserUpsertedSchema = Type.Object({
  _id: Type.String({ format: 'uuid' }),
  fullName: Type.String(),
  profilePic: Type.String(),
});
export type UserUpserted = Static<typeof UserUpsertedSchema>;

/** Sessions auth has revoked (a logout, or a logout of all devices), as it announces them on `sessions.revoked`. */
export const SessionsRevokedSchema = Type.Object({
  sessionIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1 }),
});
export type SessionsRevoked = Static<typeof SessionsRevokedSchema>;
