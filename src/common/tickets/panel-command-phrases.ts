import type { Phrase } from '../phrases';

/**
 * What /ticket-panel answers staff (ephemeral), in their language: the panel is on its way, or why
 * nothing was posted. Languages beyond the table are translated once by the provider (speakerFor).
 */

export const TICKET_PANEL_QUEUED: Phrase = {
  en: '✅ The ticket panel is being posted in {channel}.',
  es: '✅ El panel de tickets se está publicando en {channel}.',
  fr: '✅ Le panneau de tickets est en cours de publication dans {channel}.',
  de: '✅ Das Ticket-Panel wird in {channel} gepostet.',
  pt: '✅ O painel de tickets está sendo publicado em {channel}.',
  it: '✅ Il pannello dei ticket viene pubblicato in {channel}.',
  tr: '✅ Talep paneli {channel} kanalında yayınlanıyor.',
  ru: '✅ Панель тикетов публикуется в {channel}.',
  ja: '✅ チケットパネルを {channel} に投稿しています。',
  ko: '✅ 티켓 패널을 {channel} 에 게시하는 중입니다.',
  zh: '✅ 工单面板正在发布到 {channel}。',
  ar: '✅ يجري نشر لوحة التذاكر في {channel}.',
  hi: '✅ टिकट पैनल {channel} में पोस्ट किया जा रहा है।',
};

export const TICKET_PANEL_NEEDS_MANAGE_SERVER: Phrase = {
  en: '❌ /ticket-panel needs the Manage Server permission on this server. Nothing was posted.',
  es: '❌ /ticket-panel necesita el permiso Gestionar servidor en este servidor. No se publicó nada.',
  fr: '❌ /ticket-panel nécessite la permission Gérer le serveur sur ce serveur. Rien n’a été publié.',
  de: '❌ /ticket-panel braucht die Berechtigung „Server verwalten“ auf diesem Server. Nichts wurde gepostet.',
  pt: '❌ /ticket-panel precisa da permissão Gerenciar servidor neste servidor. Nada foi publicado.',
  it: '❌ /ticket-panel richiede il permesso Gestisci server su questo server. Non è stato pubblicato nulla.',
  tr: '❌ /ticket-panel bu sunucuda Sunucuyu Yönet iznini gerektirir. Hiçbir şey yayınlanmadı.',
  ru: '❌ Для /ticket-panel нужно право «Управлять сервером» на этом сервере. Ничего не опубликовано.',
  ja: '❌ /ticket-panel にはこのサーバーの「サーバー管理」権限が必要です。何も投稿されていません。',
  ko: '❌ /ticket-panel 을 사용하려면 이 서버에서 서버 관리하기 권한이 필요합니다. 아무것도 게시되지 않았습니다.',
  zh: '❌ /ticket-panel 需要本服务器的“管理服务器”权限。未发布任何内容。',
  ar: '❌ يتطلب /ticket-panel صلاحية إدارة الخادم في هذا الخادم. لم يُنشر شيء.',
  hi: '❌ /ticket-panel के लिए इस सर्वर पर Manage Server अनुमति चाहिए। कुछ भी पोस्ट नहीं हुआ।',
};

export const TICKET_PANEL_NOT_A_TEXT_CHANNEL: Phrase = {
  en: '❌ {channel} is not a text channel of this server: pick a text or announcement channel here. Nothing was posted.',
  es: '❌ {channel} no es un canal de texto de este servidor: elige un canal de texto o de anuncios de aquí. No se publicó nada.',
  fr: '❌ {channel} n’est pas un salon textuel de ce serveur : choisis un salon textuel ou d’annonces d’ici. Rien n’a été publié.',
  de: '❌ {channel} ist kein Textkanal dieses Servers: wähle hier einen Text- oder Ankündigungskanal. Nichts wurde gepostet.',
  pt: '❌ {channel} não é um canal de texto deste servidor: escolha um canal de texto ou de anúncios daqui. Nada foi publicado.',
  it: '❌ {channel} non è un canale testuale di questo server: scegli qui un canale testuale o di annunci. Non è stato pubblicato nulla.',
  tr: '❌ {channel} bu sunucunun bir metin kanalı değil: buradan bir metin veya duyuru kanalı seç. Hiçbir şey yayınlanmadı.',
  ru: '❌ {channel} — не текстовый канал этого сервера: выберите здесь текстовый канал или канал объявлений. Ничего не опубликовано.',
  ja: '❌ {channel} はこのサーバーのテキストチャンネルではありません。このサーバーのテキストチャンネルかアナウンスチャンネルを選んでください。何も投稿されていません。',
  ko: '❌ {channel} 은(는) 이 서버의 텍스트 채널이 아닙니다. 이 서버의 텍스트 또는 공지 채널을 고르세요. 아무것도 게시되지 않았습니다.',
  zh: '❌ {channel} 不是本服务器的文字频道：请在这里选择一个文字频道或公告频道。未发布任何内容。',
  ar: '❌ {channel} ليست قناة نصية في هذا الخادم: اختر هنا قناة نصية أو قناة إعلانات. لم يُنشر شيء.',
  hi: '❌ {channel} इस सर्वर का टेक्स्ट चैनल नहीं है: यहाँ का कोई टेक्स्ट या घोषणा चैनल चुनें। कुछ भी पोस्ट नहीं हुआ।',
};

export const TICKET_PANEL_NO_CATEGORIES: Phrase = {
  en: '❌ No ticket categories are set up yet: add them in the dashboard (Support Tickets → Panel and categories), then run /ticket-panel again. Nothing was posted.',
  es: '❌ Aún no hay categorías de tickets: añádelas en el panel de control (Tickets de soporte → Panel y categorías) y vuelve a usar /ticket-panel. No se publicó nada.',
  fr: '❌ Aucune catégorie de tickets n’est encore configurée : ajoute-les dans le tableau de bord (Tickets d’assistance → Panneau et catégories), puis relance /ticket-panel. Rien n’a été publié.',
  de: '❌ Es sind noch keine Ticket-Kategorien eingerichtet: füge sie im Dashboard hinzu (Support-Tickets → Panel und Kategorien) und führe /ticket-panel erneut aus. Nichts wurde gepostet.',
  pt: '❌ Ainda não há categorias de tickets: adicione-as no painel (Tickets de suporte → Painel e categorias) e execute /ticket-panel de novo. Nada foi publicado.',
  it: '❌ Non ci sono ancora categorie di ticket: aggiungile nella dashboard (Ticket di supporto → Pannello e categorie), poi esegui di nuovo /ticket-panel. Non è stato pubblicato nulla.',
  tr: '❌ Henüz talep kategorisi yok: panelden ekle (Destek Talepleri → Panel ve kategoriler), sonra /ticket-panel komutunu yeniden çalıştır. Hiçbir şey yayınlanmadı.',
  ru: '❌ Категории тикетов ещё не настроены: добавьте их в панели управления (Тикеты поддержки → Панель и категории), затем снова выполните /ticket-panel. Ничего не опубликовано.',
  ja: '❌ チケットのカテゴリーがまだ設定されていません。ダッシュボード（サポートチケット → パネルとカテゴリー）で追加してから、もう一度 /ticket-panel を実行してください。何も投稿されていません。',
  ko: '❌ 아직 티켓 카테고리가 없습니다. 대시보드(지원 티켓 → 패널 및 카테고리)에서 추가한 뒤 /ticket-panel 을 다시 실행하세요. 아무것도 게시되지 않았습니다.',
  zh: '❌ 尚未设置工单类别：请先在控制面板（支持工单 → 面板和类别）中添加，然后再次运行 /ticket-panel。未发布任何内容。',
  ar: '❌ لا توجد فئات تذاكر بعد: أضفها من لوحة التحكم (تذاكر الدعم ← اللوحة والفئات)، ثم شغّل /ticket-panel مجددًا. لم يُنشر شيء.',
  hi: '❌ अभी कोई टिकट श्रेणी नहीं बनी है: डैशबोर्ड में जोड़ें (Support Tickets → Panel and categories), फिर /ticket-panel दोबारा चलाएँ। कुछ भी पोस्ट नहीं हुआ।',
};

export const TICKET_PANEL_BOT_CANNOT_POST: Phrase = {
  en: '❌ I cannot post in {channel}: give me View Channel and Send Messages there, then try again. Nothing was posted.',
  es: '❌ No puedo publicar en {channel}: dame Ver canal y Enviar mensajes allí y vuelve a intentarlo. No se publicó nada.',
  fr: '❌ Je ne peux pas publier dans {channel} : donne-moi Voir le salon et Envoyer des messages là-bas, puis réessaie. Rien n’a été publié.',
  de: '❌ Ich kann in {channel} nicht posten: gib mir dort „Kanal ansehen“ und „Nachrichten senden“ und versuche es erneut. Nichts wurde gepostet.',
  pt: '❌ Não consigo publicar em {channel}: dê-me Ver canal e Enviar mensagens lá e tente de novo. Nada foi publicado.',
  it: '❌ Non posso pubblicare in {channel}: dammi lì Visualizza canale e Invia messaggi, poi riprova. Non è stato pubblicato nulla.',
  tr: '❌ {channel} kanalında paylaşım yapamıyorum: orada bana Kanalı Görüntüle ve Mesaj Gönder izinlerini ver, sonra tekrar dene. Hiçbir şey yayınlanmadı.',
  ru: '❌ Я не могу публиковать в {channel}: дайте мне там права «Просматривать канал» и «Отправлять сообщения» и попробуйте снова. Ничего не опубликовано.',
  ja: '❌ {channel} に投稿できません。そこで「チャンネルを見る」と「メッセージを送信」の権限を付与してから、もう一度お試しください。何も投稿されていません。',
  ko: '❌ {channel} 에 게시할 수 없습니다. 그곳에서 채널 보기와 메시지 보내기 권한을 준 뒤 다시 시도하세요. 아무것도 게시되지 않았습니다.',
  zh: '❌ 我无法在 {channel} 发布：请在那里授予我“查看频道”和“发送消息”权限，然后重试。未发布任何内容。',
  ar: '❌ لا أستطيع النشر في {channel}: امنحني هناك صلاحيتي عرض القناة وإرسال الرسائل، ثم حاول مجددًا. لم يُنشر شيء.',
  hi: '❌ मैं {channel} में पोस्ट नहीं कर सकता: वहाँ मुझे View Channel और Send Messages दें, फिर दोबारा कोशिश करें। कुछ भी पोस्ट नहीं हुआ।',
};
