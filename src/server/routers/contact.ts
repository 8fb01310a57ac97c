import { TRPCError } from '@trpc/server';
import { contactMessages } from '../../../db/schema';
import { contactInput } from '../../common/schemas/contact';
import { publicProcedure, router } from '../trpc';

export const contactRouter = router({
  /** The public contact form: stores the message; CONTACT_RATE_LIMIT per client address per hour. */
  submit: publicProcedure.input(contactInput).mutation(({ ctx, input }) => {
    const limit = ctx.limits.contact.hit(ctx.clientIp);
    if (!limit.ok) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      ctx.resHeaders?.set('Retry-After', String(limit.retryAfterSeconds));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `too many messages from this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        cause: Object.assign(new Error('rate limited'), { retryAfterSeconds: limit.retryAfterSeconds }),
      });
    }
    const row = ctx.db
      .insert(contactMessages)
      .values({ ...input, createdAt: ctx.clock() })
      .returning({ id: contactMessages.id })
      .get();
    return { id: row.id };
  }),
});
