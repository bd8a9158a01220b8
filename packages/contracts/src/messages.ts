import { Type, type Static } from 'typebox';

export const MessageSchema = Type.Object({
  _id: Type.String(),
  senderId: Type.String(),
  receiverId: Type.String(),
  text: Type.Union([Type.String(), Type.Null()]),
  image: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Message = Static<typeof MessageSchema>;

/** The longest text a message may hold, in characters. */
export const MAX_TEXT = 2000;
/** History pages: the most one request may ask for, and what it gets when it does not say. */
export const MAX_PAGE = 100;
export const DEFAULT_PAGE = 50;

export const UserIdParamsSchema = Type.Object({
  id: Type.String({ format: 'uuid', errorMessage: 'Invalid user id' }),
});

export const HistoryQuerySchema = Type.Object({
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,18}$', errorMessage: 'before must be a message id' })),
  limit: Type.Optional(
    Type.String({ pattern: '^(100|[1-9][0-9]?)$', errorMessage: `limit must be an integer from 1 to ${MAX_PAGE}` }),
  ),
});

export const SendBodySchema = Type.Object(
  {
    text: Type.Optional(Type.Union([Type.String(), Type.Null()], { errorMessage: 'Text must be a string' })),
    image: Type.Optional(Type.Union([Type.String(), Type.Null()], { errorMessage: 'Image must be a data URL or null' })),
    /** Makes a retried send safe: the same id is stored once. */
    clientMessageId: Type.Optional(Type.String({ format: 'uuid', errorMessage: 'clientMessageId must be a UUID' })),
  },
  { errorMessage: { type: 'Request body must be a JSON object' } },
);
export type SendBody = Static<typeof SendBodySchema>;
