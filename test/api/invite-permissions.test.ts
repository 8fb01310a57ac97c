import { readFileSync } from 'node:fs';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { inviteUrlFor } from '../../src/server/features/site/invite';
import {
  FEATURE_PERMISSIONS,
  invitePermissions,
  PERMISSION_BITS,
  permissionsTableMarkdown,
} from '../../src/common/guilds/permissions';

/** The invite asks for exactly what the features need (issue 26), and the setup document says the same. */
describe("the invite link's permissions", () => {
  it("each bit is Discord's (as discord.js names them)", () => {
    for (const [name, bit] of Object.entries(PERMISSION_BITS))
      expect(bit, name).toBe(PermissionFlagsBits[name as keyof typeof PermissionFlagsBits]);
  });

  it("asks for every feature's permissions, including private threads, timeouts and voice, and not Administrator", () => {
    const url = new URL(inviteUrlFor('123456789012345678') ?? '');
    const bits = BigInt(url.searchParams.get('permissions') ?? '0');
    expect(bits).toBe(invitePermissions());
    for (const p of [
      'CreatePrivateThreads',
      'ModerateMembers',
      'Connect',
      'Speak',
      'ManageWebhooks',
    ] as const)
      expect(bits & PermissionFlagsBits[p], p).toBe(PermissionFlagsBits[p]);
    expect(bits & PermissionFlagsBits.Administrator).toBe(0n);
    // Nothing beyond the union of the features.
    let union = 0n;
    for (const f of FEATURE_PERMISSIONS) for (const p of f.permissions) union |= PermissionFlagsBits[p];
    expect(bits).toBe(union);
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
  });

  it('docs/discord-setup.md lists the same table and the same number', () => {
    const doc = readFileSync('docs/discord-setup.md', 'utf8');
    expect(doc).toContain(permissionsTableMarkdown());
    expect(doc).toContain(`permissions=${invitePermissions()}`);
  });
});
