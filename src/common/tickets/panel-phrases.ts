import type { Phrase } from '../phrases';

/** What the ticket panel, its form and the Claim button say, in the member's language. */

/** The panel message (in the server's support language; the buttons open a form in the member's). */
export const TICKET_PANEL_INTRO: Phrase = {
  en: '🎫 **Need help?** Press a button below to open a private ticket. Write in your own language: the support team reads it translated and answers in yours.',
  es: '🎫 **¿Necesitas ayuda?** Pulsa un botón abajo para abrir un ticket privado. Escribe en tu idioma: el equipo de soporte lo lee traducido y responde en el tuyo.',
  fr: '🎫 **Besoin d’aide ?** Appuie sur un bouton ci-dessous pour ouvrir un ticket privé. Écris dans ta langue : l’équipe le lit traduit et répond dans la tienne.',
  de: '🎫 **Brauchst du Hilfe?** Drück unten auf einen Button, um ein privates Ticket zu öffnen. Schreib in deiner Sprache: das Team liest es übersetzt und antwortet in deiner.',
  pt: '🎫 **Precisa de ajuda?** Pressione um botão abaixo para abrir um ticket privado. Escreva no seu idioma: a equipe lê traduzido e responde no seu.',
  it: '🎫 **Ti serve aiuto?** Premi un pulsante qui sotto per aprire un ticket privato. Scrivi nella tua lingua: il team lo legge tradotto e risponde nella tua.',
  tr: '🎫 **Yardım mı lazım?** Özel bir talep açmak için aşağıdaki bir düğmeye bas. Kendi dilinde yaz: destek ekibi çevirisini okur ve senin dilinde yanıtlar.',
  ru: '🎫 **Нужна помощь?** Нажмите кнопку ниже, чтобы открыть личный тикет. Пишите на своём языке: команда читает перевод и отвечает на вашем.',
  ja: '🎫 **お困りですか？** 下のボタンを押して非公開チケットを作成してください。自分の言語で書いてください。サポートチームは翻訳を読み、あなたの言語で返信します。',
  ko: '🎫 **도움이 필요하신가요?** 아래 버튼을 눌러 비공개 티켓을 여세요. 모국어로 작성하세요. 지원팀이 번역본을 읽고 당신의 언어로 답변합니다.',
  zh: '🎫 **需要帮助？** 点击下方按钮创建私人工单。用你的语言书写：支持团队阅读译文并用你的语言回复。',
  ar: '🎫 **تحتاج مساعدة؟** اضغط زرًا أدناه لفتح تذكرة خاصة. اكتب بلغتك: يقرأ فريق الدعم الترجمة ويرد بلغتك.',
  hi: '🎫 **मदद चाहिए?** निजी टिकट खोलने के लिए नीचे एक बटन दबाएँ। अपनी भाषा में लिखें: टीम अनुवाद पढ़कर आपकी भाषा में जवाब देगी।',
};

/** The panel's one button when the server has no categories. */
export const TICKET_PANEL_OPEN: Phrase = {
  en: 'Open a ticket',
  es: 'Abrir un ticket',
  fr: 'Ouvrir un ticket',
  de: 'Ticket öffnen',
  pt: 'Abrir um ticket',
  it: 'Apri un ticket',
  tr: 'Talep aç',
  ru: 'Открыть тикет',
  ja: 'チケットを作成',
  ko: '티켓 열기',
  zh: '创建工单',
  ar: 'فتح تذكرة',
  hi: 'टिकट खोलें',
};

/** The form's title (Discord: at most 45 characters). */
export const TICKET_FORM_TITLE: Phrase = {
  en: 'Open a support ticket',
  es: 'Abrir un ticket de soporte',
  fr: 'Ouvrir un ticket d’assistance',
  de: 'Support-Ticket öffnen',
  pt: 'Abrir um ticket de suporte',
  it: 'Apri un ticket di supporto',
  tr: 'Destek talebi aç',
  ru: 'Открыть тикет поддержки',
  ja: 'サポートチケットを作成',
  ko: '지원 티켓 열기',
  zh: '创建支持工单',
  ar: 'فتح تذكرة دعم',
  hi: 'सपोर्ट टिकट खोलें',
};

/** The form's description field (Discord: at most 45 characters). */
export const TICKET_FORM_DESCRIPTION: Phrase = {
  en: 'What do you need help with?',
  es: '¿Con qué necesitas ayuda?',
  fr: 'De quoi as-tu besoin ?',
  de: 'Wobei brauchst du Hilfe?',
  pt: 'Com o que você precisa de ajuda?',
  it: 'Con cosa ti serve aiuto?',
  tr: 'Ne konuda yardıma ihtiyacın var?',
  ru: 'С чем вам нужна помощь?',
  ja: '何についてお困りですか？',
  ko: '무엇을 도와드릴까요?',
  zh: '你需要什么帮助？',
  ar: 'بماذا تحتاج المساعدة؟',
  hi: 'आपको किसमें मदद चाहिए?',
};

/** A panel button whose category was removed since the panel was posted. */
export const TICKET_UNKNOWN_CATEGORY: Phrase = {
  en: 'The category **{category}** no longer exists. Ask the staff to post the ticket panel again.',
  es: 'La categoría **{category}** ya no existe. Pide al equipo que vuelva a publicar el panel de tickets.',
  fr: 'La catégorie **{category}** n’existe plus. Demande à l’équipe de republier le panneau des tickets.',
  de: 'Die Kategorie **{category}** gibt es nicht mehr. Bitte das Team, das Ticket-Panel neu zu posten.',
  pt: 'A categoria **{category}** não existe mais. Peça à equipe para publicar o painel de tickets de novo.',
  it: 'La categoria **{category}** non esiste più. Chiedi allo staff di pubblicare di nuovo il pannello dei ticket.',
  tr: '**{category}** kategorisi artık yok. Ekipten talep panelini yeniden paylaşmasını iste.',
  ru: 'Категории **{category}** больше нет. Попросите команду заново опубликовать панель тикетов.',
  ja: 'カテゴリー **{category}** はもう存在しません。スタッフにチケットパネルの再投稿を依頼してください。',
  ko: '**{category}** 카테고리는 더 이상 없습니다. 스태프에게 티켓 패널을 다시 게시해 달라고 요청하세요.',
  zh: '类别 **{category}** 已不存在。请让管理人员重新发布工单面板。',
  ar: 'الفئة **{category}** لم تعد موجودة. اطلب من الفريق نشر لوحة التذاكر من جديد.',
  hi: 'श्रेणी **{category}** अब मौजूद नहीं है। स्टाफ से टिकट पैनल फिर से पोस्ट करने को कहें।',
};

/** Heading of the intake answers in the thread's opening message. */
export const TICKET_INTAKE_HEADING: Phrase = {
  en: 'Answers',
  es: 'Respuestas',
  fr: 'Réponses',
  de: 'Antworten',
  pt: 'Respostas',
  it: 'Risposte',
  tr: 'Yanıtlar',
  ru: 'Ответы',
  ja: '回答',
  ko: '답변',
  zh: '回答',
  ar: 'الإجابات',
  hi: 'उत्तर',
};

/** The thread's Claim button (in the support language: it is for staff). */
export const TICKET_CLAIM_BUTTON: Phrase = {
  en: 'Claim',
  es: 'Reclamar',
  fr: 'Prendre en charge',
  de: 'Übernehmen',
  pt: 'Assumir',
  it: 'Prendi in carico',
  tr: 'Üstlen',
  ru: 'Взять',
  ja: '担当する',
  ko: '담당하기',
  zh: '认领',
  ar: 'تولي',
  hi: 'संभालें',
};

/** Announced in the thread to the member when staff claim the ticket. */
export const TICKET_CLAIMED: Phrase = {
  en: '🛡️ {staff} from the support team is taking care of ticket **#{id}**.',
  es: '🛡️ {staff}, del equipo de soporte, se ocupa del ticket **#{id}**.',
  fr: '🛡️ {staff}, de l’équipe d’assistance, prend en charge le ticket **#{id}**.',
  de: '🛡️ {staff} vom Support-Team kümmert sich um Ticket **#{id}**.',
  pt: '🛡️ {staff}, da equipe de suporte, está cuidando do ticket **#{id}**.',
  it: '🛡️ {staff} del team di supporto si occupa del ticket **#{id}**.',
  tr: '🛡️ Destek ekibinden {staff}, **#{id}** numaralı talebinle ilgileniyor.',
  ru: '🛡️ {staff} из команды поддержки занимается тикетом **#{id}**.',
  ja: '🛡️ サポートチームの {staff} がチケット **#{id}** を担当します。',
  ko: '🛡️ 지원팀의 {staff}님이 티켓 **#{id}** 을(를) 담당합니다.',
  zh: '🛡️ 支持团队的 {staff} 正在处理工单 **#{id}**。',
  ar: '🛡️ {staff} من فريق الدعم يتولى التذكرة **#{id}**.',
  hi: '🛡️ सपोर्ट टीम से {staff} टिकट **#{id}** संभाल रहे हैं।',
};

/** Announced when the claim is released. */
export const TICKET_UNCLAIMED: Phrase = {
  en: 'Ticket **#{id}** is back with the whole support team.',
  es: 'El ticket **#{id}** vuelve a estar con todo el equipo de soporte.',
  fr: 'Le ticket **#{id}** revient à toute l’équipe d’assistance.',
  de: 'Ticket **#{id}** liegt wieder beim ganzen Support-Team.',
  pt: 'O ticket **#{id}** voltou para toda a equipe de suporte.',
  it: 'Il ticket **#{id}** torna a tutto il team di supporto.',
  tr: '**#{id}** numaralı talep yeniden tüm destek ekibinde.',
  ru: 'Тикет **#{id}** снова у всей команды поддержки.',
  ja: 'チケット **#{id}** はサポートチーム全体の担当に戻りました。',
  ko: '티켓 **#{id}** 은(는) 다시 지원팀 전체가 담당합니다.',
  zh: '工单 **#{id}** 已交回整个支持团队。',
  ar: 'عادت التذكرة **#{id}** إلى فريق الدعم كله.',
  hi: 'टिकट **#{id}** फिर से पूरी सपोर्ट टीम के पास है।',
};

/** A member pressed Claim. */
export const TICKET_CLAIM_STAFF_ONLY: Phrase = {
  en: 'Only the support team can claim a ticket.',
  es: 'Solo el equipo de soporte puede reclamar un ticket.',
  fr: 'Seule l’équipe d’assistance peut prendre en charge un ticket.',
  de: 'Nur das Support-Team kann ein Ticket übernehmen.',
  pt: 'Só a equipe de suporte pode assumir um ticket.',
  it: 'Solo il team di supporto può prendere in carico un ticket.',
  tr: 'Bir talebi yalnızca destek ekibi üstlenebilir.',
  ru: 'Взять тикет может только команда поддержки.',
  ja: 'チケットを担当できるのはサポートチームだけです。',
  ko: '지원팀만 티켓을 담당할 수 있습니다.',
  zh: '只有支持团队可以认领工单。',
  ar: 'فريق الدعم وحده يمكنه تولي التذكرة.',
  hi: 'केवल सपोर्ट टीम टिकट संभाल सकती है।',
};

/** Claim pressed on a ticket someone else holds. */
export const TICKET_CLAIMED_BY_OTHER: Phrase = {
  en: 'Ticket **#{id}** is already claimed by {staff}.',
  es: 'El ticket **#{id}** ya lo reclamó {staff}.',
  fr: 'Le ticket **#{id}** est déjà pris en charge par {staff}.',
  de: 'Ticket **#{id}** hat schon {staff} übernommen.',
  pt: 'O ticket **#{id}** já foi assumido por {staff}.',
  it: 'Il ticket **#{id}** è già in carico a {staff}.',
  tr: '**#{id}** numaralı talebi {staff} zaten üstlendi.',
  ru: 'Тикет **#{id}** уже взял {staff}.',
  ja: 'チケット **#{id}** はすでに {staff} が担当しています。',
  ko: '티켓 **#{id}** 은(는) 이미 {staff}님이 담당하고 있습니다.',
  zh: '工单 **#{id}** 已被 {staff} 认领。',
  ar: 'التذكرة **#{id}** يتولاها {staff} بالفعل.',
  hi: 'टिकट **#{id}** पहले से {staff} संभाल रहे हैं।',
};
