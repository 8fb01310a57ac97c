import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { DAVESession, type ProposalsOperationType } from '@snazzah/davey';
import type { CiphersuiteImpl, GroupContext, Proposal } from 'ts-mls';
import { proposeExternal } from 'ts-mls/externalProposal.js';
import { encodeExternalSender } from 'ts-mls/externalSender.js';
import { decodeKeyPackage } from 'ts-mls/keyPackage.js';
import { decodeMlsMessage, encodeMlsMessage } from 'ts-mls/message.js';
import type { Json } from './payloads';

/**
 * DAVE (Discord's audio/video end-to-end encryption, protocol version 1) on the fake voice server,
 * as Discord's voice server runs it: it is the MLS group's external sender (op 25 external sender
 * package), proposes adding and removing members (op 27, Add and Remove proposals signed with its
 * key), takes the commit and welcome a member sends back (op 28), announces the commit to the
 * group (op 29) and welcomes the new members (op 30), then executes the transition (op 22) once
 * the bot said it is ready (op 23).
 *
 * The simulated members are real MLS clients: @snazzah/davey sessions (the library
 * @discordjs/voice uses for the bot), joined through the welcome the bot's commit produced; their
 * Opus frames are DAVE-encrypted with their session (`encrypt`). The server side (external sender)
 * uses ts-mls to build and sign the proposals (MLS ciphersuite 2, P-256 signatures by node:crypto).
 * Simplification: the bot is always the member that commits (it creates the group); simulated
 * members never commit.
 */

export const DaveOp = {
  PrepareTransition: 21,
  ExecuteTransition: 22,
  TransitionReady: 23,
  PrepareEpoch: 24,
  MlsExternalSender: 25,
  MlsKeyPackage: 26,
  MlsProposals: 27,
  MlsCommitWelcome: 28,
  MlsAnnounceCommitTransition: 29,
  MlsWelcome: 30,
  MlsInvalidCommitWelcome: 31,
} as const;

const CIPHERSUITE = 'MLS_128_DHKEMP256_AES128GCM_SHA256_P256';
/** DAVE's proposals operation APPEND (davey's ProposalsOperationType.APPEND, a const enum). */
const APPEND = 0 as ProposalsOperationType;

interface Pending {
  transitionId: number;
  joiners: string[];
  /** The proposals as sent (an MLS vector), for the members already in the group. */
  proposals: Buffer;
  done: () => void;
  fail: (err: Error) => void;
}

export class FakeDaveCall {
  /** Simulated members in the group, by user id, with their leaf index. */
  readonly members = new Map<string, { session: DAVESession; leaf: number }>();
  /** Transitions the bot executed (op 22 sent after its op 23). */
  readonly executed: number[] = [];
  /** Key packages the bot sent (op 26). */
  keyPackages = 0;
  /** Commits the bot sent (op 28). */
  commits = 0;
  private readonly leaves: (string | null)[];
  private epoch = 0n;
  private nextTransition = 1;
  private pending: Pending | null = null;
  private readonly queue: (() => Promise<void>)[] = [];
  private readonly signKey: Buffer;
  private readonly publicKey: Buffer;
  private readonly externalSender: Uint8Array;
  private readonly groupId: Buffer;

  constructor(
    private readonly channelId: string,
    botUserId: string,
    private readonly sendJson: (payload: Json) => void,
    private readonly sendBinary: (op: number, payload: Buffer) => void,
  ) {
    this.leaves = [botUserId];
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicKey = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x!, 'base64url'),
      Buffer.from(jwk.y!, 'base64url'),
    ]);
    this.signKey = pair.privateKey.export({ format: 'der', type: 'pkcs8' });
    this.externalSender = encodeExternalSender({
      signaturePublicKey: this.publicKey,
      credential: { credentialType: 'basic', identity: new Uint8Array(8) },
    });
    this.groupId = Buffer.alloc(8);
    this.groupId.writeBigUInt64BE(BigInt(channelId));
  }

  /** Right after Session Description: the external sender package (op 25). */
  start(): void {
    this.sendBinary(DaveOp.MlsExternalSender, Buffer.from(this.externalSender));
  }

  /** A member joins the call: Add proposal for its key package; resolves when the transition ran. */
  addMember(userId: string): Promise<void> {
    return this.serial(async () => {
      const session = new DAVESession(1, userId, this.channelId);
      session.setExternalSender(Buffer.from(this.externalSender));
      const kp = decodeKeyPackage(session.getSerializedKeyPackage(), 0);
      if (!kp) throw new Error('fake DAVE: undecodable key package');
      let leaf = this.leaves.indexOf(null);
      if (leaf === -1) leaf = this.leaves.length;
      this.leaves[leaf] = userId;
      this.members.set(userId, { session, leaf });
      await this.propose({ proposalType: 'add', add: { keyPackage: kp[0] } } as Proposal, [userId]);
    });
  }

  /** A member leaves: Remove proposal for its leaf; resolves when the transition ran. */
  removeMember(userId: string): Promise<void> {
    return this.serial(async () => {
      const member = this.members.get(userId);
      if (!member) return;
      this.members.delete(userId);
      this.leaves[member.leaf] = null;
      await this.propose({ proposalType: 'remove', remove: { removed: member.leaf } } as Proposal, []);
    });
  }

  /** The member's Opus frame, DAVE-encrypted by its own session (as its Discord client does). */
  encrypt(userId: string, frame: Buffer): Buffer {
    const member = this.members.get(userId);
    if (!member?.session.ready) return frame;
    return member.session.encryptOpus(frame);
  }

  onBinary(op: number, payload: Buffer): void {
    if (op === DaveOp.MlsKeyPackage) this.keyPackages++;
    if (op !== DaveOp.MlsCommitWelcome || !this.pending) return;
    this.commits++;
    const decoded = decodeMlsMessage(payload, 0);
    if (!decoded) throw new Error('fake DAVE: undecodable commit');
    const commit = payload.subarray(0, decoded[1]);
    const welcome = payload.subarray(decoded[1]);
    const { transitionId, joiners, proposals, fail } = this.pending;
    try {
      for (const [userId, m] of this.members) {
        if (joiners.includes(userId)) {
          m.session.processWelcome(welcome);
        } else {
          // A member already in the group sees the proposals first (it would commit them too; the
          // voice server announced the bot's commit, which replaces its own).
          m.session.processProposals(APPEND, proposals, [...this.members.keys()]);
          m.session.processCommit(commit);
        }
      }
    } catch (err) {
      this.pending = null;
      fail(err as Error);
      return;
    }
    this.epoch++;
    this.sendBinary(DaveOp.MlsAnnounceCommitTransition, withTransition(transitionId, commit));
  }

  onJson(msg: Json): void {
    if (msg.op !== DaveOp.TransitionReady || !this.pending) return;
    if (msg.d?.transition_id !== this.pending.transitionId) return;
    const { transitionId, done } = this.pending;
    this.pending = null;
    this.sendJson({ op: DaveOp.ExecuteTransition, d: { transition_id: transitionId } });
    this.executed.push(transitionId);
    done();
  }

  private async propose(proposal: Proposal, joiners: string[]): Promise<void> {
    const context = {
      version: 'mls10',
      cipherSuite: CIPHERSUITE,
      groupId: this.groupId,
      epoch: this.epoch,
      treeHash: new Uint8Array(),
      confirmedTranscriptHash: new Uint8Array(),
      extensions: [{ extensionType: 'external_senders', extensionData: this.externalSender }],
    } as unknown as GroupContext;
    const message = await proposeExternal(
      { groupContext: context } as Parameters<typeof proposeExternal>[0],
      proposal,
      this.publicKey,
      this.signKey,
      this.signer(),
    );
    const encoded = Buffer.from(encodeMlsMessage(message));
    const proposals = Buffer.concat([varint(encoded.length), encoded]);
    const done = new Promise<void>((resolve, reject) => {
      this.pending = { transitionId: this.nextTransition++, joiners, proposals, done: resolve, fail: reject };
    });
    // APPEND (0), then the proposals as an MLS vector of MLSMessages.
    this.sendBinary(DaveOp.MlsProposals, Buffer.concat([Buffer.from([APPEND]), proposals]));
    await done;
  }

  /** ts-mls's external proposal needs only the signature of the ciphersuite: ECDSA P-256, SHA-256, DER. */
  private signer(): CiphersuiteImpl {
    const key = createPrivateKey({ key: this.signKey, format: 'der', type: 'pkcs8' });
    return {
      signature: {
        sign: async (_k: Uint8Array, message: Uint8Array) => new Uint8Array(sign('sha256', message, key)),
      },
    } as unknown as CiphersuiteImpl;
  }

  /** One change at a time, as the voice server orders them. */
  private serial(step: () => Promise<void>): Promise<void> {
    const run = async () => {
      try {
        await step();
      } finally {
        this.queue.shift();
        this.queue[0]?.();
      }
    };
    return new Promise<void>((resolve, reject) => {
      this.queue.push(() => run().then(resolve, reject));
      if (this.queue.length === 1) this.queue[0]!();
    });
  }
}

function withTransition(id: number, message: Buffer): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(id);
  return Buffer.concat([head, message]);
}

/** MLS variable-length integer (RFC 9420 §2.1.2), the length prefix of a vector. */
function varint(n: number): Buffer {
  if (n < 64) return Buffer.from([n]);
  if (n < 16384) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(n | 0x4000);
    return b;
  }
  const b = Buffer.alloc(4);
  b.writeUInt32BE((n | 0x80000000) >>> 0);
  return b;
}
