import {
  DEFAULT_GROUPS_PAGE,
  DEFAULT_PAGE,
  NEXT_CURSOR_HEADER,
  routes,
  SOCKET_ID_HEADER,
  socketIdFrom,
  PAGE_ERRORS,
} from '@chat/contracts';
import { badRequest, fromContract } from '@chat/kernel';
import { limitKeys, limitRequestsBy } from '@chat/rate-limits';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { acceptUploads, readSentFile } from '../conversations/uploads.js';
import { cleanImageDataUrl, IMAGE_BODY_LIMIT, mediaKeyFromUrl, mediaKeys, mediaUrl } from '@chat/media';
import type { FastifyBaseLogger } from 'fastify';
import type { ConversationRouteOptions } from '../deps.js';
import { groupSendLimit, limitPerUser, limitUserRequestsBy, readLimit } from '../per-user-limit.js';
import { inviteCode, joinByCode, setPicture, setRole, updateGroup } from './group-admin.js';
import { groupsCursors, groupsInCommon, listGroupsOf } from './group-list.js';
import { messageInfo } from './group-receipts.js';
import { tellMyDevices } from '../my-devices.js';
import { announceDeparture, groupEvents, publishMembership } from './group-events.js';
import { addMembers, createGroup, listGroupMessages, readGroup, removeMember, requireMember, requireSeenBy } from './groups.js';

/**
 * Groups: creating one, its card and members, adding and removing people, its history and sends.
 * Every route checks the asker's membership in the database as it runs: a removed member's request
 * gets nothing past what they had.
 */
export const groupRoutes: FastifyPluginAsyncTypebox<ConversationRouteOptions> = async (app, options) => {
  const { db, blobs } = options;
  const receipts = options.receipts.groups;
  await acceptUploads(app);
  const events = groupEvents({ bus: options.bus, log: app.log });
  /** The group as a member sees it, after a change they made. */
  const asMemberSees = async (groupId: string, userId: string) => readGroup(db, groupId, await requireMember(db, groupId, userId));
  // One budget with a conversation's reads.
  const limitReads = limitPerUser(app, readLimit(options.rateLimits));
  const groupSends = limitRequestsBy(
    limitKeys(app, groupSendLimit(options.rateLimits)),
    (request) => (request.params as { groupId?: string }).groupId,
  );

  app.route({
    ...fromContract(routes.listGroups),
    preHandler: app.requireUser,
    handler: async (request, reply) => {
      const { limit, cursor } = request.query;
      const after = cursor === undefined ? null : groupsCursors.decode(cursor);
      if (cursor !== undefined && !after) throw badRequest(PAGE_ERRORS.badCursor);
      const page = await listGroupsOf(db, request.userId, { limit: limit ? Number(limit) : DEFAULT_GROUPS_PAGE, after });
      if (page.next) void reply.header(NEXT_CURSOR_HEADER, groupsCursors.encode(page.next));
      return page.entries;
    },
  });

  app.route({
    ...fromContract(routes.groupsInCommon),
    preHandler: [app.requireUser, limitReads],
    handler: async (request) => groupsInCommon(db, request.userId, request.params.id),
  });

  app.route({
    ...fromContract(routes.createGroup),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request, reply) => {
      const { name, description = '', memberIds = [] } = request.body;
      const { groupId } = await createGroup(db, request.userId, { name: name.trim(), description: description.trim(), memberIds });
      await publishMembership(options.membership, request.log);
      return reply.status(201).send(await asMemberSees(groupId, request.userId));
    },
  });

  app.route({
    ...fromContract(routes.group),
    preHandler: app.requireUser,
    handler: async (request) => readGroup(db, request.params.groupId, await requireSeenBy(db, request.params.groupId, request.userId)),
  });

  app.route({
    ...fromContract(routes.groupHistory),
    preHandler: app.requireUser,
    handler: async (request) => {
      const { groupId } = request.params;
      const membership = await requireSeenBy(db, groupId, request.userId);
      const { before, limit } = request.query;
      const page = await listGroupMessages(
        db,
        { groupId, userId: request.userId, membership },
        { before, limit: limit ? Number(limit) : DEFAULT_PAGE },
      );
      // What a member fetched is on a device of theirs: delivered, as a socket's receipt says (an
      // older page moves nothing: the newest one came first).
      const newest = page.at(-1);
      if (newest && !before && membership.leftAfter === null) {
        await receipts.moved({ groupId, userId: request.userId, upTo: newest._id, read: false, at: new Date().toISOString() });
      }
      return page;
    },
  });

  app.route({
    ...fromContract(routes.groupMessageInfo),
    preHandler: [app.requireUser, limitReads],
    handler: async (request) => messageInfo(db, request.params.groupId, request.params.messageId, request.userId),
  });

  app.route({
    ...fromContract(routes.sendToGroup),
    // A member's own budget first: one member's flood spends theirs before the group's.
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount), groupSends],
    bodyLimit: IMAGE_BODY_LIMIT,
    handler: async (request, reply) => {
      const to = { groupId: request.params.groupId };
      const { message, stored } = await options.sendAs(request.userId, to, request.body, socketIdFrom(request.headers[SOCKET_ID_HEADER]));
      return reply.status(stored ? 201 : 200).send(message);
    },
  });

  app.route({
    ...fromContract(routes.sendFileToGroup),
    // Counted before the file is read, as a file to a person is.
    preHandler: [app.requireUser, limitUserRequestsBy(options.filesCount), limitUserRequestsBy(options.sendCount), groupSends],
    handler: async (request, reply) => {
      const { body, file } = await readSentFile(app, request);
      const to = { groupId: request.params.groupId };
      const { message, stored } = await options.sendAs(request.userId, to, body, socketIdFrom(request.headers[SOCKET_ID_HEADER]), file);
      return reply.status(stored ? 201 : 200).send(message);
    },
  });

  app.route({
    ...fromContract(routes.addGroupMembers),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request) => {
      const { groupId } = request.params;
      await addMembers(db, groupId, request.userId, request.body.memberIds);
      await publishMembership(options.membership, request.log);
      return asMemberSees(groupId, request.userId);
    },
  });

  app.route({
    ...fromContract(routes.updateGroup),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request) => {
      const { groupId } = request.params;
      for (const line of await updateGroup(db, groupId, request.userId, request.body)) await events.message(line);
      return asMemberSees(groupId, request.userId);
    },
  });

  /** A change of the group's picture: its line to the members, and the picture it replaced gone from storage. */
  const changePicture = async (groupId: string, userId: string, picture: string, log: FastifyBaseLogger) => {
    const { line, before } = await setPicture(db, groupId, userId, picture);
    if (line) await events.message(line);
    const replaced = mediaKeyFromUrl(before);
    if (replaced) await blobs.delete(replaced).catch((error: unknown) => log.warn({ err: error }, 'could not delete a group’s picture'));
    return asMemberSees(groupId, userId);
  };

  app.route({
    ...fromContract(routes.setGroupPicture),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    bodyLimit: IMAGE_BODY_LIMIT,
    handler: async (request) => {
      const { groupId } = request.params;
      // Checked before the picture is worked on: one not in the group costs no image work.
      await requireMember(db, groupId, request.userId);
      const image = await cleanImageDataUrl(request.body.picture);
      const key = mediaKeys.groupPicture(groupId, image.extension);
      await blobs.put(key, image.bytes);
      try {
        return await changePicture(groupId, request.userId, mediaUrl(key), request.log);
      } catch (error) {
        await blobs.delete(key).catch(() => undefined);
        throw error;
      }
    },
  });

  app.route({
    ...fromContract(routes.removeGroupPicture),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: (request) => changePicture(request.params.groupId, request.userId, '', request.log),
  });

  app.route({
    ...fromContract(routes.setGroupRole),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request) => {
      const { groupId, userId } = request.params;
      const line = await setRole(db, groupId, request.userId, userId, request.body.role);
      if (line) await events.message(line);
      return asMemberSees(groupId, request.userId);
    },
  });

  app.route({
    ...fromContract(routes.groupInvite),
    preHandler: app.requireUser,
    handler: async (request) => ({ code: await inviteCode(db, request.params.groupId, request.userId) }),
  });

  app.route({
    ...fromContract(routes.resetGroupInvite),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request) => ({ code: await inviteCode(db, request.params.groupId, request.userId, { reset: true }) }),
  });

  app.route({
    ...fromContract(routes.joinGroup),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request) => {
      const { groupId } = await joinByCode(db, request.params.code, request.userId);
      await publishMembership(options.membership, request.log);
      return asMemberSees(groupId, request.userId);
    },
  });

  app.route({
    ...fromContract(routes.readGroupMessages),
    preHandler: [app.requireUser, limitReads],
    handler: async (request, reply) => {
      const { groupId } = request.params;
      await requireMember(db, groupId, request.userId);
      const { upTo } = request.body;
      await receipts.moved({ groupId, userId: request.userId, upTo, read: true, at: new Date().toISOString() });
      await tellMyDevices({ bus: options.bus, log: app.log }, request.userId, { event: 'groupRead', payload: { groupId, upTo } });
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(routes.removeGroupMember),
    preHandler: [app.requireUser, limitUserRequestsBy(options.sendCount)],
    handler: async (request, reply) => {
      const { groupId, userId } = request.params;
      await removeMember(db, groupId, request.userId, userId);
      await announceDeparture({ relay: options.membership, receipts, log: request.log }, groupId);
      return reply.status(204).send();
    },
  });
};
