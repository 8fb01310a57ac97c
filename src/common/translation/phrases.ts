import type { Phrase } from '../phrases';

/** What /translate-me answers a member (privately), in their language (issue 28). */

export const OPTED_OUT: Phrase = {
  en: '🔕 Your messages on this server are no longer translated or copied to the other language channels. Run /translate-me on to undo.',
  es: '🔕 Tus mensajes en este servidor ya no se traducen ni se copian a los canales de otros idiomas. Usa /translate-me on para deshacerlo.',
  fr: '🔕 Tes messages sur ce serveur ne sont plus traduits ni copiés dans les salons des autres langues. Utilise /translate-me on pour annuler.',
  de: '🔕 Deine Nachrichten auf diesem Server werden nicht mehr übersetzt oder in die Kanäle anderer Sprachen kopiert. Mit /translate-me on machst du das rückgängig.',
  pt: '🔕 Suas mensagens neste servidor não são mais traduzidas nem copiadas para os canais de outros idiomas. Use /translate-me on para desfazer.',
  it: '🔕 I tuoi messaggi su questo server non vengono più tradotti né copiati nei canali delle altre lingue. Usa /translate-me on per annullare.',
  ru: '🔕 Ваши сообщения на этом сервере больше не переводятся и не копируются в каналы других языков. Чтобы отменить, используйте /translate-me on.',
  ja: '🔕 このサーバーでのあなたのメッセージは翻訳されず、他の言語のチャンネルにもコピーされなくなりました。元に戻すには /translate-me on を使ってください。',
  ko: '🔕 이 서버에서 회원님의 메시지는 더 이상 번역되거나 다른 언어 채널에 복사되지 않습니다. 되돌리려면 /translate-me on 을 사용하세요.',
  zh: '🔕 你在本服务器的消息将不再被翻译或复制到其他语言频道。使用 /translate-me on 即可撤销。',
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
