import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { listContacts } from '../contacts.js';
import type { MessagesServiceOptions } from '../deps.js';
import { ContactSchema } from '@chat/contracts';

export const contactRoutes: FastifyPluginAsyncTypebox<MessagesServiceOptions> = async (app, { db }) => {
  app.get(
    '/messages/users',
    { preHandler: app.requireUser, schema: { response: { 200: Type.Array(ContactSchema) } } },
    async (request) => listContacts(db, request.userId),
  );
};
