import type { Phrase } from '../phrases';

/** What /translate-me answers a member (privately), in their language (issue 28). */

export const OPTED_OUT: Phrase = {
  en: '🔕 Your messages on this server are no longer translated: the other language channels get them as you wrote them, marked as untranslated. Run /translate-me on to undo.',
  es: '🔕 Tus mensajes en este servidor ya no se traducen: los canales de otros idiomas los reciben tal como los escribiste, marcados como no traducidos. Usa /translate-me on para deshacerlo.',
  fr: '🔕 Tes messages sur ce serveur ne sont plus traduits : les salons des autres langues les reçoivent tels que tu les as écrits, marqués comme non traduits. Utilise /translate-me on pour annuler.',
  de: '🔕 Deine Nachrichten auf diesem Server werden nicht mehr übersetzt: Die Kanäle anderer Sprachen erhalten sie so, wie du sie geschrieben hast, als unübersetzt markiert. Mit /translate-me on machst du das rückgängig.',
  pt: '🔕 Suas mensagens neste servidor não são mais traduzidas: os canais de outros idiomas as recebem como você as escreveu, marcadas como não traduzidas. Use /translate-me on para desfazer.',
  it: '🔕 I tuoi messaggi su questo server non vengono più tradotti: i canali delle altre lingue li ricevono così come li hai scritti, segnati come non tradotti. Usa /translate-me on per annullare.',
  ru: '🔕 Ваши сообщения на этом сервере больше не переводятся: каналы других языков получают их в том виде, в каком вы их написали, с пометкой «без перевода». Чтобы отменить, используйте /translate-me on.',
  ja: '🔕 このサーバーでのあなたのメッセージは翻訳されなくなりました。他の言語のチャンネルには、書いたままの形で「未翻訳」の印付きで届きます。元に戻すには /translate-me on を使ってください。',
  ko: '🔕 이 서버에서 회원님의 메시지는 더 이상 번역되지 않습니다. 다른 언어 채널에는 작성한 그대로 "번역되지 않음" 표시와 함께 전달됩니다. 되돌리려면 /translate-me on 을 사용하세요.',
  zh: '🔕 你在本服务器的消息将不再被翻译：其他语言频道会收到你原样写下的内容，并标注为未翻译。使用 /translate-me on 即可撤销。',
};

export const OPTED_IN: Phrase = {
  en: '🔔 Your messages on this server are translated again.',
  es: '🔔 Tus mensajes en este servidor vuelven a traducirse.',
  fr: '🔔 Tes messages sur ce serveur sont de nouveau traduits.',
  de: '🔔 Deine Nachrichten auf diesem Server werden wieder übersetzt.',
  pt: '🔔 Suas mensagens neste servidor voltam a ser traduzidas.',
  it: '🔔 I tuoi messaggi su questo server vengono di nuovo tradotti.',
  ru: '🔔 Ваши сообщения на этом сервере снова переводятся.',
  ja: '🔔 このサーバーでのあなたのメッセージは再び翻訳されます。',
  ko: '🔔 이 서버에서 회원님의 메시지가 다시 번역됩니다.',
  zh: '🔔 你在本服务器的消息将重新被翻译。',
};

/**
 * What /hide-translations-of answers (issue 28), in English; other languages through phraseIn.
 * Each says honestly what hiding covers: only the answers the bot gives this member alone.
 */
export const HIDDEN_NOW: Phrase = {
  en: '🙈 Translate Message no longer translates messages of {name} for you on this server. Copies in the language channels and single-channel replies are public posts everyone sees; they cannot be hidden for one person and stay. Undo: /hide-translations-of action:show member:{name}',
};
export const HIDDEN_ALREADY: Phrase = {
  en: 'You already hide the translations of {name} on this server. Undo: /hide-translations-of action:show member:{name}',
};
export const SHOWN_AGAIN: Phrase = {
  en: '👀 Translate Message translates messages of {name} for you again.',
};
export const NOT_HIDDEN: Phrase = { en: 'You do not hide the translations of {name} on this server.' };
export const HIDDEN_LIST: Phrase = {
  en: 'On this server you hide the translations of: {names}. Translate Message skips their messages for you; public copies and replies stay. Show one again: /hide-translations-of action:show, or everyone: action:clear.',
};
export const HIDDEN_NONE: Phrase = {
  en: 'You hide nobody’s translations on this server. /hide-translations-of member:@someone hides theirs from Translate Message for you.',
};
export const HIDDEN_CLEARED: Phrase = {
  en: '👀 You hide nobody’s translations on this server any more ({count} shown again).',
};
/** Translate Message on a message of someone the member hid. */
export const HIDDEN_SKIPPED: Phrase = {
  en: 'You hid the translations of {name} on this server, so this message is not translated for you. Undo: /hide-translations-of action:show member:{name}',
};

/** The user-installed app's daily cap (USER_APP_DAILY_LIMIT) reached. */
export const USER_APP_CAP: Phrase = {
  en: '⏳ You used today’s {limit} translations outside servers with the bot. More from {reset} UTC; in a server where the bot is, Translate Message counts against that server’s plan instead.',
};

/** Translate Message on a message with neither text nor a voice message (issue 28). */
export const NO_TEXT_TO_TRANSLATE: Phrase = {
  en: 'This message has no text to translate.',
  es: 'Este mensaje no tiene texto que traducir.',
  fr: "Ce message n'a pas de texte à traduire.",
  de: 'Diese Nachricht enthält keinen Text zum Übersetzen.',
  pt: 'Esta mensagem não tem texto para traduzir.',
  it: 'Questo messaggio non ha testo da tradurre.',
  ru: 'В этом сообщении нет текста для перевода.',
  ja: 'このメッセージには翻訳するテキストがありません。',
  ko: '이 메시지에는 번역할 텍스트가 없습니다.',
  zh: '这条消息没有可翻译的文字。',
};
