import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  SINGLE_CHANNEL_MAX_LANGUAGES,
  singleChannelLanguages,
  singleChannelRoomCreate,
  singleChannelRoomId,
  singleChannelRoomUpdate,
} from '../../../common/single-channel/schemas';
import { rowId } from '../../../common/schemas/util';
import { readSingleChannel, setSingleChannelLanguages } from './single-channel';
import { createRoom, listRooms, removeRoom, updateRoom } from './rooms';
import { guildProcedure, router } from '../../core/trpc';

export { SINGLE_CHANNEL_MAX_LANGUAGES };

/**
 * Single-channel translation rooms: one channel whose every message gets one reply with its
 * translations into the room's languages. The dashboard's Channels screen uses list, create,
 * update and remove; get and setLanguages keep serving the API's /api/channels/links/:id/languages.
 */
export const singleChannelRouter = router({
  list: guildProcedure.query(async ({ ctx }) => await listRooms(ctx.db, ctx.guildId)),
  create: guildProcedure
    .input(singleChannelRoomCreate)
    .mutation(async ({ ctx, input }) => await createRoom(ctx.db, ctx.guildId, input)),
  update: guildProcedure
    .input(singleChannelRoomUpdate)
    .mutation(async ({ ctx, input }) => await updateRoom(ctx.db, ctx.guildId, input)),
  remove: guildProcedure
    .input(singleChannelRoomId)
    .mutation(async ({ ctx, input }) => await removeRoom(ctx.db, ctx.guildId, input.id)),

  get: guildProcedure
    .input(z.object({ id: rowId }))
    .query(async ({ ctx, input }) => await readSingleChannel(ctx.db, ctx.guildId, input.id)),
  setLanguages: guildProcedure
    .input(z.object({ id: rowId, languages: singleChannelLanguages }))
    .mutation(async ({ ctx, input }) => {
      if (input.languages.length === 0) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'languages: give at least one language code' });
      }
      return await setSingleChannelLanguages(ctx.db, ctx.guildId, input.id, input.languages);
    }),
});
