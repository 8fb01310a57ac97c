import type { Phrase } from '../phrases';

/**
 * The bot's answers and forms to whoever pressed a ticket's button or ran /ticket, in their
 * language: the table's 13 languages here (a form must open within Discord's 3 seconds), every
 * other language from the provider once (the speaker, issue 29).
 */

/** Staff pressed Claim: the ticket is theirs now. */
export const TICKET_CLAIMED_BY_YOU: Phrase = {
  en: '🛡️ You claimed ticket #{id}; press Claim again to release it.',
  es: '🛡️ Has reclamado el ticket #{id}; pulsa Reclamar otra vez para liberarlo.',
  fr: '🛡️ Vous avez pris en charge le ticket #{id} ; appuyez à nouveau sur Prendre en charge pour le libérer.',
  de: '🛡️ Du hast Ticket #{id} übernommen; drücke erneut auf Übernehmen, um es freizugeben.',
  pt: '🛡️ Você assumiu o ticket #{id}; pressione Assumir novamente para liberá-lo.',
  it: '🛡️ Hai preso in carico il ticket #{id}; premi di nuovo Prendi in carico per rilasciarlo.',
  tr: '🛡️ #{id} numaralı talebi üstlendin; bırakmak için Üstlen düğmesine tekrar bas.',
  ru: '🛡️ Вы взяли тикет #{id}; нажмите «Взять» ещё раз, чтобы освободить его.',
  ja: '🛡️ チケット #{id} を担当しました。もう一度「担当」を押すと解除されます。',
  ko: '🛡️ 티켓 #{id}을(를) 맡았습니다. 해제하려면 담당하기를 다시 누르세요.',
  zh: '🛡️ 你已认领工单 #{id}；再次点击“认领”即可释放。',
  ar: '🛡️ لقد توليت التذكرة #{id}؛ اضغط تولي مرة أخرى لتحريرها.',
  hi: '🛡️ आपने टिकट #{id} ले लिया है; इसे छोड़ने के लिए फिर से क्लेम दबाएँ।',
};

/** Staff pressed Claim on their own claim: released. */
export const TICKET_RELEASED: Phrase = {
  en: 'Ticket #{id} released.',
  es: 'Ticket #{id} liberado.',
  fr: 'Ticket #{id} libéré.',
  de: 'Ticket #{id} freigegeben.',
  pt: 'Ticket #{id} liberado.',
  it: 'Ticket #{id} rilasciato.',
  tr: '#{id} numaralı talep bırakıldı.',
  ru: 'Тикет #{id} освобождён.',
  ja: 'チケット #{id} の担当を解除しました。',
  ko: '티켓 #{id}을(를) 해제했습니다.',
  zh: '工单 #{id} 已释放。',
  ar: 'تم تحرير التذكرة #{id}.',
  hi: 'टिकट #{id} छोड़ दिया गया।',
};

/** A closed ticket takes no claim. */
export const TICKET_CLOSED_NO_CLAIM: Phrase = {
  en: 'Ticket #{id} is closed; reopen it to claim it.',
  es: 'El ticket #{id} está cerrado; vuelve a abrirlo para reclamarlo.',
  fr: 'Le ticket #{id} est fermé ; rouvrez-le pour le prendre en charge.',
  de: 'Ticket #{id} ist geschlossen; öffne es erneut, um es zu übernehmen.',
  pt: 'O ticket #{id} está fechado; reabra-o para assumi-lo.',
  it: 'Il ticket #{id} è chiuso; riaprilo per prenderlo in carico.',
  tr: '#{id} numaralı talep kapalı; üstlenmek için yeniden aç.',
  ru: 'Тикет #{id} закрыт; откройте его снова, чтобы взять.',
  ja: 'チケット #{id} はクローズされています。担当するには再オープンしてください。',
  ko: '티켓 #{id}은(는) 닫혀 있습니다. 맡으려면 다시 여세요.',
  zh: '工单 #{id} 已关闭；请重新打开后再认领。',
  ar: 'التذكرة #{id} مغلقة؛ أعد فتحها لتتولاها.',
  hi: 'टिकट #{id} बंद है; इसे लेने के लिए फिर से खोलें।',
};

/** A button of a ticket that no longer exists (or is another server's). */
export const TICKET_NOT_FOUND: Phrase = {
  en: 'Ticket #{id} not found.',
  es: 'No se encontró el ticket #{id}.',
  fr: 'Ticket #{id} introuvable.',
  de: 'Ticket #{id} nicht gefunden.',
  pt: 'Ticket #{id} não encontrado.',
  it: 'Ticket #{id} non trovato.',
  tr: '#{id} numaralı talep bulunamadı.',
  ru: 'Тикет #{id} не найден.',
  ja: 'チケット #{id} が見つかりません。',
  ko: '티켓 #{id}을(를) 찾을 수 없습니다.',
  zh: '未找到工单 #{id}。',
  ar: 'لم يتم العثور على التذكرة #{id}.',
  hi: 'टिकट #{id} नहीं मिला।',
};

/** /ticket create's form: the hint under the description, and the optional category's label. */
export const TICKET_FORM_HINT: Phrase = {
  en: 'Write in your own language; the support team reads it translated.',
  es: 'Escribe en tu propio idioma; el equipo de soporte lo lee traducido.',
  fr: 'Écrivez dans votre langue ; l’équipe d’assistance le lit traduit.',
  de: 'Schreib in deiner eigenen Sprache; das Support-Team liest es übersetzt.',
  pt: 'Escreva no seu próprio idioma; a equipe de suporte lê traduzido.',
  it: 'Scrivi nella tua lingua; il team di supporto lo legge tradotto.',
  tr: 'Kendi dilinde yaz; destek ekibi çevirisini okur.',
  ru: 'Пишите на своём языке; команда поддержки читает перевод.',
  ja: 'ご自身の言語で書いてください。サポートチームは翻訳で読みます。',
  ko: '자신의 언어로 작성하세요. 지원팀은 번역된 내용을 읽습니다.',
  zh: '用你自己的语言写；支持团队会阅读译文。',
  ar: 'اكتب بلغتك؛ يقرأ فريق الدعم النص مترجمًا.',
  hi: 'अपनी भाषा में लिखें; सहायता टीम इसे अनुवाद में पढ़ती है।',
};
export const TICKET_FORM_CATEGORY: Phrase = {
  en: 'Category (optional)',
  es: 'Categoría (opcional)',
  fr: 'Catégorie (facultatif)',
  de: 'Kategorie (optional)',
  pt: 'Categoria (opcional)',
  it: 'Categoria (facoltativa)',
  tr: 'Kategori (isteğe bağlı)',
  ru: 'Категория (необязательно)',
  ja: 'カテゴリ（任意）',
  ko: '카테고리 (선택)',
  zh: '类别（可选）',
  ar: 'الفئة (اختياري)',
  hi: 'श्रेणी (वैकल्पिक)',
};

/** Staff's close form (the thread's Close button): its title, the reason's label and hint. */
export const TICKET_CLOSE_FORM_TITLE: Phrase = {
  en: 'Close ticket #{id}',
  es: 'Cerrar ticket #{id}',
  fr: 'Fermer le ticket #{id}',
  de: 'Ticket #{id} schließen',
  pt: 'Fechar ticket #{id}',
  it: 'Chiudi ticket #{id}',
  tr: '#{id} numaralı talebi kapat',
  ru: 'Закрыть тикет #{id}',
  ja: 'チケット #{id} をクローズ',
  ko: '티켓 #{id} 닫기',
  zh: '关闭工单 #{id}',
  ar: 'إغلاق التذكرة #{id}',
  hi: 'टिकट #{id} बंद करें',
};
export const TICKET_CLOSE_FORM_REASON: Phrase = {
  en: 'Reason (optional)',
  es: 'Motivo (opcional)',
  fr: 'Raison (facultatif)',
  de: 'Grund (optional)',
  pt: 'Motivo (opcional)',
  it: 'Motivo (facoltativo)',
  tr: 'Neden (isteğe bağlı)',
  ru: 'Причина (необязательно)',
  ja: '理由（任意）',
  ko: '사유 (선택)',
  zh: '原因（可选）',
  ar: 'السبب (اختياري)',
  hi: 'कारण (वैकल्पिक)',
};
export const TICKET_CLOSE_FORM_HINT: Phrase = {
  en: 'Told to the member, translated into their language.',
  es: 'Se le comunica al miembro, traducido a su idioma.',
  fr: 'Communiquée au membre, traduite dans sa langue.',
  de: 'Wird dem Mitglied mitgeteilt, in seine Sprache übersetzt.',
  pt: 'Informado ao membro, traduzido para o idioma dele.',
  it: 'Comunicato al membro, tradotto nella sua lingua.',
  tr: 'Üyeye kendi diline çevrilerek iletilir.',
  ru: 'Сообщается участнику в переводе на его язык.',
  ja: 'メンバーの言語に翻訳して伝えられます。',
  ko: '회원에게 그 사람의 언어로 번역되어 전달됩니다.',
  zh: '会翻译成成员的语言告知对方。',
  ar: 'يُبلَّغ بها العضو مترجمة إلى لغته.',
  hi: 'सदस्य को उनकी भाषा में अनुवाद करके बताया जाता है।',
};
