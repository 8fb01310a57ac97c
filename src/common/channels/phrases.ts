import type { Phrase } from '../phrases';

/**
 * Mirror copies (issue 16): the lines a copy shows around what it carries. Product text: in the
 * languages below from this table, in any other through the speaker (src/server/features/channels/
 * labels.ts), translated once by the provider and kept.
 */

/** Above a forwarded message's translated text. */
export const MIRROR_FORWARDED: Phrase = {
  en: 'Forwarded',
  es: 'Reenviado',
  fr: 'Transféré',
  de: 'Weitergeleitet',
  pt: 'Encaminhada',
  it: 'Inoltrato',
  tr: 'İletildi',
  ru: 'Переслано',
  ja: '転送されたメッセージ',
  ko: '전달됨',
  zh: '已转发',
  ar: 'تمت إعادة التوجيه',
  hi: 'फ़ॉरवर्ड किया गया',
};

/** Under a native poll's summary: {link} is the original message. */
export const MIRROR_POLL_VOTE: Phrase = {
  en: 'Poll: vote in the original message: {link}',
  es: 'Encuesta: vota en el mensaje original: {link}',
  fr: "Sondage : votez dans le message d'origine : {link}",
  de: 'Umfrage: Stimme in der Originalnachricht ab: {link}',
  pt: 'Enquete: vote na mensagem original: {link}',
  it: 'Sondaggio: vota nel messaggio originale: {link}',
  tr: 'Anket: orijinal mesajda oy ver: {link}',
  ru: 'Опрос: голосуйте в исходном сообщении: {link}',
  ja: 'アンケート：元のメッセージで投票してください：{link}',
  ko: '투표: 원본 메시지에서 투표하세요: {link}',
  zh: '投票：请在原消息中投票：{link}',
  ar: 'استطلاع: صوّت في الرسالة الأصلية: {link}',
  hi: 'पोल: मूल संदेश में वोट करें: {link}',
};

/**
 * Under the copy of a message whose author turned translation off (/translate-me off, issue 28):
 * the copy carries the original text, never sent to the provider, and says why.
 */
export const MIRROR_NOT_TRANSLATED: Phrase = {
  en: 'Not translated: the author chose to keep their messages untranslated',
  es: 'Sin traducir: el autor eligió no traducir sus mensajes',
  fr: "Non traduit : l'auteur a choisi de ne pas faire traduire ses messages",
  de: 'Nicht übersetzt: Der Autor möchte seine Nachrichten nicht übersetzen lassen',
  pt: 'Não traduzida: o autor escolheu não traduzir as suas mensagens',
  it: "Non tradotto: l'autore ha scelto di non far tradurre i suoi messaggi",
  tr: 'Çevrilmedi: yazar mesajlarının çevrilmemesini seçti',
  ru: 'Без перевода: автор решил не переводить свои сообщения',
  ja: '未翻訳：投稿者がメッセージを翻訳しないことを選びました',
  ko: '번역되지 않음: 작성자가 메시지를 번역하지 않기로 했습니다',
  zh: '未翻译：作者选择不翻译自己的消息',
  ar: 'بدون ترجمة: اختار الكاتب عدم ترجمة رسائله',
  hi: 'अनुवाद नहीं किया गया: लेखक ने अपने संदेशों का अनुवाद न करने का चुनाव किया है',
};
