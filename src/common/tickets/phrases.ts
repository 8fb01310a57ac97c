import type { Phrase } from '../phrases';

/** What the bot says to a member about their support ticket, in their language. */

/** The ephemeral answer to /ticket create when a private thread was opened. */
export const TICKET_OPENED_THREAD: Phrase = {
  en: '🎫 Ticket **#{id}** is open: {thread}. Write there in your own language; the support team answers there, translated for you.',
  es: '🎫 El ticket **#{id}** está abierto: {thread}. Escribe allí en tu idioma; el equipo de soporte responde allí, traducido para ti.',
  fr: '🎫 Le ticket **#{id}** est ouvert : {thread}. Écris-y dans ta langue ; l’équipe d’assistance y répond, traduit pour toi.',
  de: '🎫 Ticket **#{id}** ist offen: {thread}. Schreib dort in deiner Sprache; das Support-Team antwortet dort, für dich übersetzt.',
  pt: '🎫 O ticket **#{id}** está aberto: {thread}. Escreva lá no seu idioma; a equipe de suporte responde lá, traduzido para você.',
  it: '🎫 Il ticket **#{id}** è aperto: {thread}. Scrivi lì nella tua lingua; il supporto risponde lì, tradotto per te.',
  tr: '🎫 **#{id}** numaralı talep açıldı: {thread}. Oraya kendi dilinde yaz; destek ekibi orada, senin için çevrilmiş olarak yanıtlar.',
  ru: '🎫 Тикет **#{id}** открыт: {thread}. Пишите там на своём языке; поддержка ответит там, с переводом для вас.',
  ja: '🎫 チケット **#{id}** を作成しました: {thread}。そこで自分の言語で書いてください。サポートチームが翻訳付きで返信します。',
  ko: '🎫 티켓 **#{id}** 이(가) 열렸습니다: {thread}. 그곳에 모국어로 작성하세요. 지원팀이 번역된 답변을 그곳에 남깁니다.',
  zh: '🎫 工单 **#{id}** 已创建：{thread}。请在那里用你的语言留言；支持团队会在那里回复，并为你翻译。',
  ar: '🎫 تم فتح التذكرة **#{id}**: {thread}. اكتب هناك بلغتك؛ سيرد فريق الدعم هناك مترجمًا لك.',
  hi: '🎫 टिकट **#{id}** खुल गया है: {thread}। वहाँ अपनी भाषा में लिखें; सपोर्ट टीम वहीं अनुवाद के साथ जवाब देगी।',
};

/** The answer when no thread could be opened: replies come by direct message. */
export const TICKET_OPENED_DM: Phrase = {
  en: '🎫 Ticket **#{id}** is open. The support team will answer in direct messages, in {language}. Keep your DMs from this server open so the reply reaches you.',
  es: '🎫 El ticket **#{id}** está abierto. El equipo de soporte responderá por mensaje directo, en {language}. Mantén abiertos los MD de este servidor para recibir la respuesta.',
  fr: '🎫 Le ticket **#{id}** est ouvert. L’équipe d’assistance répondra en message privé, en {language}. Garde tes MP de ce serveur ouverts pour recevoir la réponse.',
  de: '🎫 Ticket **#{id}** ist offen. Das Support-Team antwortet per Direktnachricht auf {language}. Lass DMs von diesem Server offen, damit die Antwort ankommt.',
  pt: '🎫 O ticket **#{id}** está aberto. A equipe de suporte responderá por mensagem direta, em {language}. Mantenha as DMs deste servidor abertas para receber a resposta.',
  it: '🎫 Il ticket **#{id}** è aperto. Il supporto risponderà in messaggio diretto, in {language}. Tieni aperti i DM di questo server per ricevere la risposta.',
  tr: '🎫 **#{id}** numaralı talep açıldı. Destek ekibi özel mesajla, {language} dilinde yanıt verecek. Yanıtı alabilmek için bu sunucudan DM’leri açık tut.',
  ru: '🎫 Тикет **#{id}** открыт. Поддержка ответит в личных сообщениях на языке: {language}. Не закрывайте ЛС от этого сервера, чтобы получить ответ.',
  ja: '🎫 チケット **#{id}** を作成しました。サポートチームが {language} でDMにて返信します。返信を受け取れるよう、このサーバーからのDMを許可してください。',
  ko: '🎫 티켓 **#{id}** 이(가) 열렸습니다. 지원팀이 {language}(으)로 DM을 보냅니다. 답변을 받으려면 이 서버의 DM을 허용해 두세요.',
  zh: '🎫 工单 **#{id}** 已创建。支持团队会用{language}通过私信回复。请保持允许来自本服务器的私信，以便收到回复。',
  ar: '🎫 تم فتح التذكرة **#{id}**. سيرد فريق الدعم في الرسائل الخاصة باللغة {language}. أبقِ الرسائل الخاصة من هذا الخادم مفتوحة لتصلك الإجابة.',
  hi: '🎫 टिकट **#{id}** खुल गया है। सपोर्ट टीम {language} में डायरेक्ट मैसेज से जवाब देगी। जवाब पाने के लिए इस सर्वर से DM खुले रखें।',
};

/** The first lines of the thread, for the member. */
export const TICKET_THREAD_WELCOME: Phrase = {
  en: '{member}, this is your private support thread. Write here in your own language; the support team reads it translated and answers here.',
  es: '{member}, este es tu hilo privado de soporte. Escribe aquí en tu idioma; el equipo de soporte lo lee traducido y responde aquí.',
  fr: '{member}, voici ton fil d’assistance privé. Écris ici dans ta langue ; l’équipe le lit traduit et répond ici.',
  de: '{member}, das ist dein privater Support-Thread. Schreib hier in deiner Sprache; das Team liest es übersetzt und antwortet hier.',
  pt: '{member}, este é o seu tópico privado de suporte. Escreva aqui no seu idioma; a equipe lê traduzido e responde aqui.',
  it: '{member}, questo è il tuo thread privato di supporto. Scrivi qui nella tua lingua; il team lo legge tradotto e risponde qui.',
  tr: '{member}, bu senin özel destek başlığın. Buraya kendi dilinde yaz; ekip çevirisini okur ve burada yanıtlar.',
  ru: '{member}, это ваша личная ветка поддержки. Пишите здесь на своём языке; команда читает перевод и отвечает здесь.',
  ja: '{member} さん、ここはあなた専用のサポートスレッドです。自分の言語で書いてください。サポートチームは翻訳を読んでここで返信します。',
  ko: '{member}님, 여기는 비공개 지원 스레드입니다. 모국어로 작성하세요. 지원팀이 번역본을 읽고 여기에 답변합니다.',
  zh: '{member}，这是你的私人支持帖。请在这里用你的语言留言；支持团队会阅读译文并在这里回复。',
  ar: '{member}، هذا خيط الدعم الخاص بك. اكتب هنا بلغتك؛ يقرأ فريق الدعم الترجمة ويرد هنا.',
  hi: '{member}, यह आपका निजी सपोर्ट थ्रेड है। यहाँ अपनी भाषा में लिखें; टीम अनुवाद पढ़कर यहीं जवाब देगी।',
};

export const TICKET_SUBJECT: Phrase = {
  en: 'Subject',
  es: 'Asunto',
  fr: 'Sujet',
  de: 'Betreff',
  pt: 'Assunto',
  it: 'Oggetto',
  tr: 'Konu',
  ru: 'Тема',
  ja: '件名',
  ko: '제목',
  zh: '主题',
  ar: 'الموضوع',
  hi: 'विषय',
};

export const TICKET_CLOSE_BUTTON: Phrase = {
  en: 'Close ticket',
  es: 'Cerrar ticket',
  fr: 'Fermer le ticket',
  de: 'Ticket schließen',
  pt: 'Fechar ticket',
  it: 'Chiudi ticket',
  tr: 'Talebi kapat',
  ru: 'Закрыть тикет',
  ja: 'チケットを閉じる',
  ko: '티켓 닫기',
  zh: '关闭工单',
  ar: 'إغلاق التذكرة',
  hi: 'टिकट बंद करें',
};

/** A staff reply's header in the thread or DM. */
export const TICKET_SUPPORT_REPLY: Phrase = {
  en: 'Support team',
  es: 'Equipo de soporte',
  fr: 'Équipe d’assistance',
  de: 'Support-Team',
  pt: 'Equipe de suporte',
  it: 'Team di supporto',
  tr: 'Destek ekibi',
  ru: 'Команда поддержки',
  ja: 'サポートチーム',
  ko: '지원팀',
  zh: '支持团队',
  ar: 'فريق الدعم',
  hi: 'सपोर्ट टीम',
};

/** Above the collapsed original of a translated reply ({language}: its language, in English). */
export const TICKET_ORIGINAL: Phrase = {
  en: 'Original ({language}), click to show:',
  es: 'Original ({language}), haz clic para verlo:',
  fr: 'Original ({language}), clique pour l’afficher :',
  de: 'Original ({language}), zum Anzeigen klicken:',
  pt: 'Original ({language}), clique para ver:',
  it: 'Originale ({language}), clicca per vederlo:',
  tr: 'Orijinal ({language}), görmek için tıkla:',
  ru: 'Оригинал ({language}), нажмите, чтобы показать:',
  ja: '原文（{language}）、クリックで表示:',
  ko: '원문({language}), 클릭하여 보기:',
  zh: '原文（{language}），点击显示：',
  ar: 'النص الأصلي ({language})، انقر للعرض:',
  hi: 'मूल ({language}), देखने के लिए क्लिक करें:',
};

export const TICKET_NOT_TRANSLATED: Phrase = {
  en: 'This could not be translated right now; this is the original.',
  es: 'No se pudo traducir ahora; este es el original.',
  fr: 'Impossible de traduire pour le moment ; voici l’original.',
  de: 'Das konnte gerade nicht übersetzt werden; hier ist das Original.',
  pt: 'Não foi possível traduzir agora; este é o original.',
  it: 'Non è stato possibile tradurlo ora; questo è l’originale.',
  tr: 'Şu anda çevrilemedi; bu orijinal metin.',
  ru: 'Сейчас не удалось перевести; это оригинал.',
  ja: '現在翻訳できませんでした。原文を表示しています。',
  ko: '지금은 번역할 수 없어 원문을 표시합니다.',
  zh: '暂时无法翻译；以下是原文。',
  ar: 'تعذرت الترجمة الآن؛ هذا هو النص الأصلي.',
  hi: 'अभी अनुवाद नहीं हो सका; यह मूल संदेश है।',
};

/** Status announcements in the thread. */
export const TICKET_STATUS_CHANGED: Record<'open' | 'in_progress' | 'resolved' | 'closed', Phrase> = {
  open: {
    en: '🟢 Ticket #{id} is open again.',
    es: '🟢 El ticket #{id} está abierto de nuevo.',
    fr: '🟢 Le ticket #{id} est de nouveau ouvert.',
    de: '🟢 Ticket #{id} ist wieder offen.',
    pt: '🟢 O ticket #{id} foi reaberto.',
    it: '🟢 Il ticket #{id} è di nuovo aperto.',
    tr: '🟢 #{id} numaralı talep yeniden açıldı.',
    ru: '🟢 Тикет #{id} снова открыт.',
    ja: '🟢 チケット #{id} が再び開かれました。',
    ko: '🟢 티켓 #{id} 이(가) 다시 열렸습니다.',
    zh: '🟢 工单 #{id} 已重新打开。',
    ar: '🟢 أعيد فتح التذكرة #{id}.',
    hi: '🟢 टिकट #{id} फिर से खुल गया है।',
  },
  in_progress: {
    en: '🔵 The support team is working on ticket #{id}.',
    es: '🔵 El equipo de soporte está trabajando en el ticket #{id}.',
    fr: '🔵 L’équipe d’assistance traite le ticket #{id}.',
    de: '🔵 Das Support-Team bearbeitet Ticket #{id}.',
    pt: '🔵 A equipe de suporte está trabalhando no ticket #{id}.',
    it: '🔵 Il team di supporto sta lavorando al ticket #{id}.',
    tr: '🔵 Destek ekibi #{id} numaralı talep üzerinde çalışıyor.',
    ru: '🔵 Команда поддержки работает над тикетом #{id}.',
    ja: '🔵 サポートチームがチケット #{id} に対応中です。',
    ko: '🔵 지원팀이 티켓 #{id} 을(를) 처리하고 있습니다.',
    zh: '🔵 支持团队正在处理工单 #{id}。',
    ar: '🔵 يعمل فريق الدعم على التذكرة #{id}.',
    hi: '🔵 सपोर्ट टीम टिकट #{id} पर काम कर रही है।',
  },
  resolved: {
    en: '✅ Ticket #{id} is marked resolved. Write here if you still need help.',
    es: '✅ El ticket #{id} se marcó como resuelto. Escribe aquí si aún necesitas ayuda.',
    fr: '✅ Le ticket #{id} est marqué résolu. Écris ici si tu as encore besoin d’aide.',
    de: '✅ Ticket #{id} ist als gelöst markiert. Schreib hier, falls du noch Hilfe brauchst.',
    pt: '✅ O ticket #{id} foi marcado como resolvido. Escreva aqui se ainda precisar de ajuda.',
    it: '✅ Il ticket #{id} è segnato come risolto. Scrivi qui se ti serve ancora aiuto.',
    tr: '✅ #{id} numaralı talep çözüldü olarak işaretlendi. Hâlâ yardıma ihtiyacın varsa buraya yaz.',
    ru: '✅ Тикет #{id} отмечен как решённый. Напишите здесь, если помощь ещё нужна.',
    ja: '✅ チケット #{id} は解決済みになりました。まだ助けが必要ならここに書いてください。',
    ko: '✅ 티켓 #{id} 이(가) 해결됨으로 표시되었습니다. 도움이 더 필요하면 여기에 작성하세요.',
    zh: '✅ 工单 #{id} 已标记为已解决。如仍需帮助，请在这里留言。',
    ar: '✅ تم وضع علامة "تم الحل" على التذكرة #{id}. اكتب هنا إن كنت لا تزال بحاجة إلى مساعدة.',
    hi: '✅ टिकट #{id} हल के रूप में चिह्नित है। अगर अभी भी मदद चाहिए तो यहाँ लिखें।',
  },
  closed: {
    en: '🔒 Ticket #{id} is closed. This thread is now locked.',
    es: '🔒 El ticket #{id} está cerrado. Este hilo queda bloqueado.',
    fr: '🔒 Le ticket #{id} est fermé. Ce fil est maintenant verrouillé.',
    de: '🔒 Ticket #{id} ist geschlossen. Dieser Thread ist jetzt gesperrt.',
    pt: '🔒 O ticket #{id} foi fechado. Este tópico agora está bloqueado.',
    it: '🔒 Il ticket #{id} è chiuso. Questo thread ora è bloccato.',
    tr: '🔒 #{id} numaralı talep kapatıldı. Bu başlık artık kilitli.',
    ru: '🔒 Тикет #{id} закрыт. Эта ветка заблокирована.',
    ja: '🔒 チケット #{id} はクローズされました。このスレッドはロックされています。',
    ko: '🔒 티켓 #{id} 이(가) 닫혔습니다. 이 스레드는 잠겼습니다.',
    zh: '🔒 工单 #{id} 已关闭。此帖已锁定。',
    ar: '🔒 أغلقت التذكرة #{id}. هذا الخيط مقفل الآن.',
    hi: '🔒 टिकट #{id} बंद हो गया है। यह थ्रेड अब लॉक है।',
  },
};

/** The Close button pressed by someone who is neither the member nor staff. */
export const TICKET_NOT_YOURS: Phrase = {
  en: 'Only the member who opened this ticket, or the support team, can close it.',
  es: 'Solo quien abrió este ticket, o el equipo de soporte, puede cerrarlo.',
  fr: 'Seul le membre qui a ouvert ce ticket, ou l’équipe d’assistance, peut le fermer.',
  de: 'Nur wer dieses Ticket geöffnet hat oder das Support-Team kann es schließen.',
  pt: 'Só quem abriu este ticket, ou a equipe de suporte, pode fechá-lo.',
  it: 'Solo chi ha aperto questo ticket, o il team di supporto, può chiuderlo.',
  tr: 'Bu talebi yalnızca açan üye veya destek ekibi kapatabilir.',
  ru: 'Закрыть тикет может только его автор или команда поддержки.',
  ja: 'このチケットを閉じられるのは、作成したメンバーかサポートチームだけです。',
  ko: '이 티켓은 만든 멤버나 지원팀만 닫을 수 있습니다.',
  zh: '只有创建此工单的成员或支持团队可以关闭它。',
  ar: 'يمكن فقط للعضو الذي فتح هذه التذكرة أو لفريق الدعم إغلاقها.',
  hi: 'इस टिकट को केवल इसे खोलने वाला सदस्य या सपोर्ट टीम बंद कर सकती है।',
};

export const TICKET_ALREADY_CLOSED: Phrase = {
  en: 'Ticket #{id} is already closed.',
  es: 'El ticket #{id} ya está cerrado.',
  fr: 'Le ticket #{id} est déjà fermé.',
  de: 'Ticket #{id} ist bereits geschlossen.',
  pt: 'O ticket #{id} já está fechado.',
  it: 'Il ticket #{id} è già chiuso.',
  tr: '#{id} numaralı talep zaten kapalı.',
  ru: 'Тикет #{id} уже закрыт.',
  ja: 'チケット #{id} はすでにクローズされています。',
  ko: '티켓 #{id} 은(는) 이미 닫혀 있습니다.',
  zh: '工单 #{id} 已经关闭。',
  ar: 'التذكرة #{id} مغلقة بالفعل.',
  hi: 'टिकट #{id} पहले से बंद है।',
};

export const TICKET_CLOSING: Phrase = {
  en: 'Closing ticket #{id}…',
  es: 'Cerrando el ticket #{id}…',
  fr: 'Fermeture du ticket #{id}…',
  de: 'Ticket #{id} wird geschlossen…',
  pt: 'Fechando o ticket #{id}…',
  it: 'Chiusura del ticket #{id}…',
  tr: '#{id} numaralı talep kapatılıyor…',
  ru: 'Закрываю тикет #{id}…',
  ja: 'チケット #{id} を閉じています…',
  ko: '티켓 #{id} 을(를) 닫는 중…',
  zh: '正在关闭工单 #{id}…',
  ar: 'جارٍ إغلاق التذكرة #{id}…',
  hi: 'टिकट #{id} बंद किया जा रहा है…',
};

export * from './panel-phrases';
export * from './panel-command-phrases';
export * from './close-phrases';
export * from './auto-close-phrases';
export * from './staff-phrases';
