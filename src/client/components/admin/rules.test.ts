import { describe, expect, it } from 'vitest';
import { canCreateLink } from '../../features/channels/CreateLinkDialog';
import { formatSpeed } from '../../features/stats/StatCards';
import { errorMessage } from './errorMessage';
import { canCreatePoll, pollOptions } from '../../features/polls/CreatePollDialog';
import { canCreateReactionRole } from '../../features/reaction-roles/CreateReactionRoleDialog';
import { withTemplate } from '../../features/welcome/WelcomeForm';

describe('create-dialog rules of spec section 5', () => {
  it('a channel link needs a name and at least one row with a channel', () => {
    expect(canCreateLink('', [{ channelId: '1' }])).toBe(false);
    expect(canCreateLink('  ', [{ channelId: '1' }])).toBe(false);
    expect(canCreateLink('General', [{ channelId: '' }, { channelId: ' ' }])).toBe(false);
    expect(canCreateLink('General', [{ channelId: '' }, { channelId: '2' }])).toBe(true);
  });

  it('a poll needs a question and 2 non-blank options; blanks are dropped and ids run opt-1..N', () => {
    expect(canCreatePoll('', ['a', 'b'])).toBe(false);
    expect(canCreatePoll('Q?', ['a', ' '])).toBe(false);
    expect(canCreatePoll('Q?', ['a', '', 'b'])).toBe(true);
    expect(pollOptions([' Red ', '', 'Blue', '  '], 'fr')).toEqual([
      { id: 'opt-1', text: { fr: 'Red' } },
      { id: 'opt-2', text: { fr: 'Blue' } },
    ]);
  });

  it('a reaction role needs a channel, a message and one row with emoji and role', () => {
    const row = { key: 1, emoji: '🎮', label: '', roleId: '5' };
    expect(canCreateReactionRole('1', '2', [row])).toBe(true);
    expect(canCreateReactionRole('', '2', [row])).toBe(false);
    // No message id: the bot posts the menu.
    expect(canCreateReactionRole('1', '', [row])).toBe(true);
    expect(canCreateReactionRole('1', '2', [{ ...row, roleId: '' }])).toBe(false);
  });
});

describe('display helpers', () => {
  it('a blank welcome template removes its language from the map', () => {
    expect(withTemplate({ en: 'Hi {user}' }, 'es', 'Hola {user}')).toEqual({
      en: 'Hi {user}',
      es: 'Hola {user}',
    });
    expect(withTemplate({ en: 'Hi {user}', es: 'Hola' }, 'es', '  ')).toEqual({ en: 'Hi {user}' });
  });

  it('average speed reads as seconds', () => {
    expect(formatSpeed(0)).toBe('–');
    expect(formatSpeed(800)).toBe('0.8s');
    expect(formatSpeed(670)).toBe('0.67s');
    expect(formatSpeed(2400)).toBe('2.4s');
  });

  it("an error toast shows the call's own message", () => {
    expect(errorMessage(new Error('channels: already linked'))).toBe('channels: already linked');
    expect(errorMessage({ message: 'name: must not be empty' })).toBe('name: must not be empty');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});
