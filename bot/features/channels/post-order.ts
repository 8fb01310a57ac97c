/**
 * Mirror copies of a channel's messages go out in the order Discord delivered the messages.
 * Each message takes a turn when it arrives; its translations are made at the same time as the
 * others', and only its posting waits for the message before it to finish posting (or to fail).
 * A message never waits longer than POST_TURN_MAX_WAIT_MS for the one before it.
 */
export const POST_TURN_MAX_WAIT_MS = 20_000;

export interface PostTurn {
  /** Resolves when the channel's previous message has posted, failed, or waited too long. */
  ready(): Promise<void>;
  /** This message is posted (or will not be): the next one may go. Call exactly once. */
  done(): void;
}

/** The last turn taken in each channel. */
const tails = new Map<string, Promise<void>>();

/** Takes the next turn of a channel; call it when the message arrives, before anything is awaited. */
export function takePostTurn(channelId: string, maxWaitMs = POST_TURN_MAX_WAIT_MS): PostTurn {
  const previous = tails.get(channelId);
  let finish!: () => void;
  const mine = new Promise<void>((resolve) => {
    finish = resolve;
  });
  tails.set(channelId, mine);
  void mine.then(() => {
    if (tails.get(channelId) === mine) tails.delete(channelId);
  });
  return {
    async ready() {
      if (!previous) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        previous,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, maxWaitMs);
        }),
      ]);
      clearTimeout(timer);
    },
    done: finish,
  };
}
