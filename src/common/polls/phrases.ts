import type { Phrase } from '../phrases';

/** What a poll's message and its buttons say to members (spec: polls in each member's language). */

export const VOTED: Phrase = {
  en: '✅ Your vote for **{option}** is counted. Press it again to take it back.',
  es: '✅ Tu voto por **{option}** ha sido contado. Púlsalo de nuevo para retirarlo.',
  fr: '✅ Ton vote pour **{option}** est compté. Appuie à nouveau pour le retirer.',
  de: '✅ Deine Stimme für **{option}** wurde gezählt. Drücke erneut, um sie zurückzunehmen.',
  pt: '✅ Seu voto em **{option}** foi contado. Pressione de novo para retirá-lo.',
  it: '✅ Il tuo voto per **{option}** è stato contato. Premi di nuovo per ritirarlo.',
  tr: '✅ **{option}** için oyun sayıldı. Geri almak için tekrar bas.',
  ru: '✅ Ваш голос за **{option}** учтён. Нажмите ещё раз, чтобы отменить его.',
  ja: '✅ **{option}** への投票を受け付けました。もう一度押すと取り消せます。',
  ko: '✅ **{option}**에 대한 투표가 반영되었습니다. 다시 누르면 취소됩니다.',
  zh: '✅ 你对 **{option}** 的投票已计入。再按一次即可撤回。',
  ar: '✅ تم احتساب صوتك لـ **{option}**. اضغط مرة أخرى لسحبه.',
  hi: '✅ **{option}** के लिए आपका वोट गिना गया। वापस लेने के लिए फिर से दबाएँ।',
};

export const VOTE_CHANGED: Phrase = {
  en: '🔄 Your vote is now **{option}**.',
  es: '🔄 Ahora tu voto es **{option}**.',
  fr: '🔄 Ton vote est maintenant **{option}**.',
  de: '🔄 Deine Stimme gilt jetzt **{option}**.',
  pt: '🔄 Seu voto agora é **{option}**.',
  it: '🔄 Ora il tuo voto è **{option}**.',
  tr: '🔄 Oyun artık **{option}**.',
  ru: '🔄 Теперь ваш голос за **{option}**.',
  ja: '🔄 投票を **{option}** に変更しました。',
  ko: '🔄 이제 투표가 **{option}**(으)로 바뀌었습니다.',
  zh: '🔄 你的投票已改为 **{option}**。',
  ar: '🔄 صوتك الآن لـ **{option}**.',
  hi: '🔄 अब आपका वोट **{option}** के लिए है।',
};

export const VOTE_REMOVED: Phrase = {
  en: '↩️ Your vote for **{option}** is removed.',
  es: '↩️ Se ha retirado tu voto por **{option}**.',
  fr: '↩️ Ton vote pour **{option}** est retiré.',
  de: '↩️ Deine Stimme für **{option}** wurde entfernt.',
  pt: '↩️ Seu voto em **{option}** foi removido.',
  it: '↩️ Il tuo voto per **{option}** è stato rimosso.',
  tr: '↩️ **{option}** için verdiğin oy kaldırıldı.',
  ru: '↩️ Ваш голос за **{option}** отменён.',
  ja: '↩️ **{option}** への投票を取り消しました。',
  ko: '↩️ **{option}**에 대한 투표가 취소되었습니다.',
  zh: '↩️ 你对 **{option}** 的投票已撤回。',
  ar: '↩️ تم سحب صوتك لـ **{option}**.',
  hi: '↩️ **{option}** के लिए आपका वोट हटा दिया गया।',
};

export const POLL_CLOSED: Phrase = {
  en: '🔒 This poll is closed: votes are no longer counted.',
  es: '🔒 Esta encuesta está cerrada: ya no se cuentan votos.',
  fr: '🔒 Ce sondage est fermé : les votes ne sont plus comptés.',
  de: '🔒 Diese Umfrage ist geschlossen: Stimmen werden nicht mehr gezählt.',
  pt: '🔒 Esta enquete está encerrada: os votos não são mais contados.',
  it: '🔒 Questo sondaggio è chiuso: i voti non vengono più contati.',
  tr: '🔒 Bu anket kapandı: oylar artık sayılmıyor.',
  ru: '🔒 Этот опрос закрыт: голоса больше не учитываются.',
  ja: '🔒 この投票は終了しました。投票はもう集計されません。',
  ko: '🔒 이 투표는 마감되었습니다. 더 이상 집계되지 않습니다.',
  zh: '🔒 此投票已结束,不再计票。',
  ar: '🔒 هذا الاستطلاع مغلق: لم تعد الأصوات تُحتسب.',
  hi: '🔒 यह पोल बंद हो चुका है: अब वोट नहीं गिने जाते।',
};

export const SHOW_MINE: Phrase = {
  en: 'Show in my language',
  es: 'Ver en mi idioma',
  fr: 'Voir dans ma langue',
  de: 'In meiner Sprache zeigen',
  pt: 'Ver no meu idioma',
  it: 'Mostra nella mia lingua',
  tr: 'Kendi dilimde göster',
  ru: 'Показать на моём языке',
  ja: '自分の言語で表示',
  ko: '내 언어로 보기',
  zh: '用我的语言显示',
  ar: 'اعرض بلغتي',
  hi: 'मेरी भाषा में दिखाएँ',
};

export const VOTES: Phrase = {
  en: '{count} votes',
  es: '{count} votos',
  fr: '{count} votes',
  de: '{count} Stimmen',
  pt: '{count} votos',
  it: '{count} voti',
  tr: '{count} oy',
  ru: 'голосов: {count}',
  ja: '{count} 票',
  ko: '{count}표',
  zh: '{count} 票',
  ar: '{count} أصوات',
  hi: '{count} वोट',
};

export const ONE_VOTE: Phrase = {
  en: '1 vote',
  es: '1 voto',
  fr: '1 vote',
  de: '1 Stimme',
  pt: '1 voto',
  it: '1 voto',
  tr: '1 oy',
  ru: '1 голос',
  ja: '1 票',
  ko: '1표',
  zh: '1 票',
  ar: 'صوت واحد',
  hi: '1 वोट',
};

export const CHOOSE_ONE: Phrase = {
  en: 'one choice per member',
  es: 'una opción por persona',
  fr: 'un choix par membre',
  de: 'eine Wahl pro Mitglied',
  pt: 'uma escolha por membro',
  it: 'una scelta per membro',
  tr: 'üye başına bir seçim',
  ru: 'один вариант на участника',
  ja: '1人1票',
  ko: '1인 1표',
  zh: '每人限选一项',
  ar: 'خيار واحد لكل عضو',
  hi: 'हर सदस्य एक विकल्प',
};

export const CHOOSE_SEVERAL: Phrase = {
  en: 'several choices allowed',
  es: 'se permiten varias opciones',
  fr: 'plusieurs choix possibles',
  de: 'mehrere Antworten möglich',
  pt: 'várias escolhas permitidas',
  it: 'più scelte consentite',
  tr: 'birden fazla seçim yapılabilir',
  ru: 'можно выбрать несколько',
  ja: '複数選択可',
  ko: '복수 선택 가능',
  zh: '可多选',
  ar: 'يُسمح بعدة خيارات',
  hi: 'कई विकल्प चुन सकते हैं',
};

export const CLOSES: Phrase = {
  en: 'closes {when}',
  es: 'se cierra {when}',
  fr: 'se termine {when}',
  de: 'endet {when}',
  pt: 'termina {when}',
  it: 'si chiude {when}',
  tr: '{when} kapanır',
  ru: 'закроется {when}',
  ja: '締め切り {when}',
  ko: '마감 {when}',
  zh: '截止 {when}',
  ar: 'يُغلق {when}',
  hi: '{when} बंद होगा',
};

export const FINAL_RESULTS: Phrase = {
  en: '🔒 Closed: final results',
  es: '🔒 Cerrada: resultados finales',
  fr: '🔒 Fermé : résultats finaux',
  de: '🔒 Geschlossen: Endergebnis',
  pt: '🔒 Encerrada: resultado final',
  it: '🔒 Chiuso: risultati finali',
  tr: '🔒 Kapandı: kesin sonuçlar',
  ru: '🔒 Закрыт: итоговые результаты',
  ja: '🔒 終了:最終結果',
  ko: '🔒 마감: 최종 결과',
  zh: '🔒 已结束:最终结果',
  ar: '🔒 مغلق: النتائج النهائية',
  hi: '🔒 बंद: अंतिम परिणाम',
};

export const POLL_POSTED: Phrase = {
  en: '📊 Your poll is posted in {channel}.',
  es: '📊 Tu encuesta está publicada en {channel}.',
  fr: '📊 Ton sondage est publié dans {channel}.',
  de: '📊 Deine Umfrage wurde in {channel} veröffentlicht.',
  pt: '📊 Sua enquete foi publicada em {channel}.',
  it: '📊 Il tuo sondaggio è pubblicato in {channel}.',
  tr: '📊 Anketin {channel} kanalında yayınlandı.',
  ru: '📊 Ваш опрос опубликован в {channel}.',
  ja: '📊 投票を {channel} に投稿しました。',
  ko: '📊 투표가 {channel}에 게시되었습니다.',
  zh: '📊 你的投票已发布在 {channel}。',
  ar: '📊 تم نشر استطلاعك في {channel}.',
  hi: '📊 आपका पोल {channel} में पोस्ट हो गया है।',
};

export const POLL_NOT_POSTED: Phrase = {
  en: '⚠️ The poll is saved but I could not post it here: {reason}. Check my permissions in this channel.',
  es: '⚠️ La encuesta está guardada, pero no pude publicarla aquí: {reason}. Revisa mis permisos en este canal.',
  fr: '⚠️ Le sondage est enregistré mais je n’ai pas pu le publier ici : {reason}. Vérifie mes permissions dans ce salon.',
  de: '⚠️ Die Umfrage ist gespeichert, aber ich konnte sie hier nicht posten: {reason}. Prüfe meine Berechtigungen in diesem Kanal.',
  pt: '⚠️ A enquete foi salva, mas não consegui publicá-la aqui: {reason}. Verifique minhas permissões neste canal.',
  it: '⚠️ Il sondaggio è salvato ma non sono riuscito a pubblicarlo qui: {reason}. Controlla i miei permessi in questo canale.',
  tr: '⚠️ Anket kaydedildi ama burada yayınlayamadım: {reason}. Bu kanaldaki izinlerimi kontrol et.',
  ru: '⚠️ Опрос сохранён, но я не смог опубликовать его здесь: {reason}. Проверьте мои права в этом канале.',
  ja: '⚠️ 投票は保存されましたが、ここに投稿できませんでした: {reason}。このチャンネルでの権限を確認してください。',
  ko: '⚠️ 투표는 저장되었지만 여기에 게시하지 못했습니다: {reason}. 이 채널의 권한을 확인해 주세요.',
  zh: '⚠️ 投票已保存,但无法在此发布:{reason}。请检查我在此频道的权限。',
  ar: '⚠️ تم حفظ الاستطلاع لكن تعذّر نشره هنا: {reason}. تحقق من صلاحياتي في هذه القناة.',
  hi: '⚠️ पोल सहेज लिया गया पर मैं इसे यहाँ पोस्ट नहीं कर सका: {reason}। इस चैनल में मेरी अनुमतियाँ जाँचें।',
};
