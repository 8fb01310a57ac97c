import { type Attachment, type Collection, type Embed, type Message, MessageReferenceType } from 'discord.js';

/**
 * What a mirror copy carries besides the text, read from the discord.js message (issue 16):
 * files, rich embeds (link previews are left to Discord, which makes them again from the URL in
 * the copy), stickers by name, a forwarded message's snapshot and a native poll.
 */

export function attachmentsOf(attachments: Collection<string, Attachment>) {
  return [...attachments.values()].map((a) => ({
    name: a.name,
    url: a.url,
    size: a.size,
    contentType: a.contentType,
  }));
}

/** Rich embeds only, in the API's shape. */
export function richEmbeds(embeds: Embed[]) {
  return embeds
    .filter((e) => (e.data.type ?? 'rich') === 'rich')
    .slice(0, 10)
    .map((e) => {
      const { title, description, url, color, timestamp, author, footer, image, thumbnail, fields } = e.data;
      return {
        title,
        description,
        url,
        color,
        timestamp,
        author: author ? { name: author.name, url: author.url, icon_url: author.icon_url } : null,
        footer: footer ? { text: footer.text, icon_url: footer.icon_url } : null,
        image: image ? { url: image.url } : null,
        thumbnail: thumbnail ? { url: thumbnail.url } : null,
        fields: fields?.map((f) => ({ name: f.name, value: f.value, inline: f.inline ?? null })),
      };
    });
}

/** A forwarded message's snapshot (message reference type FORWARD), or null. */
function forwardOf(message: Message) {
  if (message.reference?.type !== MessageReferenceType.Forward) return null;
  const snapshot = message.messageSnapshots.first();
  if (!snapshot) return null;
  return {
    content: snapshot.content ?? '',
    attachments: attachmentsOf(snapshot.attachments),
    embeds: richEmbeds(snapshot.embeds),
    stickers: [...snapshot.stickers.values()].map((s) => s.name).slice(0, 3),
  };
}

function pollOf(message: Message) {
  const poll = message.poll;
  if (!poll) return null;
  return {
    question: poll.question.text ?? '',
    answers: [...poll.answers.values()].map((a) =>
      [a.emoji ? a.emoji.toString() : '', a.text ?? ''].filter(Boolean).join(' '),
    ),
  };
}

export function extrasOf(message: Message) {
  return {
    attachments: attachmentsOf(message.attachments),
    premiumTier: message.guild?.premiumTier ?? 0,
    embeds: richEmbeds(message.embeds),
    stickers: [...message.stickers.values()].map((s) => s.name).slice(0, 3),
    forward: forwardOf(message),
    poll: pollOf(message),
    // A forward also references a message; only a reply is shown as one.
    replyToMessageId:
      message.reference && message.reference.type !== MessageReferenceType.Forward
        ? (message.reference.messageId ?? null)
        : null,
  };
}
