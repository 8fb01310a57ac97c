import type { RouterOutputs } from '../../lib/router-types';

export type Ticket = RouterOutputs['tickets']['list'][number];
export type TicketWithMessages = RouterOutputs['tickets']['get'];
export type TicketMessage = TicketWithMessages['messages'][number];
