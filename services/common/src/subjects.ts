/** Every bus subject is named here and only here. */
export const subjects = {
  /** A committed message for one user, published once for the receiver and once for the sender. */
  userMessages: (userId: string) => `chat.msg.${userId}`,
  /** `{_id, fullName, profilePic}` after a signup or a profile change. */
  usersUpserted: 'users.upserted',
} as const;
