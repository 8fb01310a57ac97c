import type { Phrase } from '../phrases';

/** Mirror copies (issue 16): the labels a copy shows around what it carries. */

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
