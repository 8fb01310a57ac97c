import type { Phrase } from '../phrases';

/** Voice translation (voice messages, /voice start and /voice stop): what members read. */

export const VOICE_NO_PROVIDER: Phrase = {
  en: 'Voice translation is not available: the bot has no translation provider configured. Please tell a server admin.',
  es: 'La traducción de voz no está disponible: el bot no tiene un proveedor de traducción configurado. Avisa a un administrador del servidor.',
  fr: "La traduction vocale n'est pas disponible : le bot n'a aucun fournisseur de traduction configuré. Prévenez un administrateur du serveur.",
  de: 'Sprachübersetzung ist nicht verfügbar: Der Bot hat keinen Übersetzungsanbieter eingerichtet. Bitte sag einem Server-Admin Bescheid.',
  pt: 'A tradução de voz não está disponível: o bot não tem um provedor de tradução configurado. Avise um administrador do servidor.',
  it: 'La traduzione vocale non è disponibile: il bot non ha un fornitore di traduzione configurato. Avvisa un amministratore del server.',
  tr: 'Sesli çeviri kullanılamıyor: botta yapılandırılmış bir çeviri sağlayıcısı yok. Lütfen bir sunucu yöneticisine haber ver.',
  ru: 'Голосовой перевод недоступен: у бота не настроен сервис перевода. Сообщите администратору сервера.',
  ja: '音声翻訳は利用できません：ボットに翻訳プロバイダーが設定されていません。サーバー管理者に伝えてください。',
  ko: '음성 번역을 사용할 수 없습니다: 봇에 번역 제공자가 설정되어 있지 않습니다. 서버 관리자에게 알려 주세요.',
  zh: '语音翻译不可用：机器人未配置翻译服务。请告知服务器管理员。',
  ar: 'ترجمة الصوت غير متاحة: لم يتم إعداد مزود ترجمة للبوت. يرجى إبلاغ مسؤول الخادم.',
  hi: 'वॉइस अनुवाद उपलब्ध नहीं है: बॉट में कोई अनुवाद प्रदाता सेट नहीं है। कृपया किसी सर्वर एडमिन को बताएं।',
};

export const VOICE_NO_AUDIO: Phrase = {
  en: "Voice translation is not available: the bot's translation provider cannot take audio. Please tell a server admin.",
  es: 'La traducción de voz no está disponible: el proveedor de traducción del bot no admite audio. Avisa a un administrador del servidor.',
  fr: "La traduction vocale n'est pas disponible : le fournisseur de traduction du bot n'accepte pas l'audio. Prévenez un administrateur du serveur.",
  de: 'Sprachübersetzung ist nicht verfügbar: Der Übersetzungsanbieter des Bots kann kein Audio verarbeiten. Bitte sag einem Server-Admin Bescheid.',
  pt: 'A tradução de voz não está disponível: o provedor de tradução do bot não aceita áudio. Avise um administrador do servidor.',
  it: "La traduzione vocale non è disponibile: il fornitore di traduzione del bot non accetta l'audio. Avvisa un amministratore del server.",
  tr: 'Sesli çeviri kullanılamıyor: botun çeviri sağlayıcısı ses kabul etmiyor. Lütfen bir sunucu yöneticisine haber ver.',
  ru: 'Голосовой перевод недоступен: сервис перевода бота не принимает аудио. Сообщите администратору сервера.',
  ja: '音声翻訳は利用できません：ボットの翻訳プロバイダーは音声に対応していません。サーバー管理者に伝えてください。',
  ko: '음성 번역을 사용할 수 없습니다: 봇의 번역 제공자가 오디오를 지원하지 않습니다. 서버 관리자에게 알려 주세요.',
  zh: '语音翻译不可用：机器人的翻译服务不支持音频。请告知服务器管理员。',
  ar: 'ترجمة الصوت غير متاحة: مزود الترجمة الخاص بالبوت لا يقبل الصوت. يرجى إبلاغ مسؤول الخادم.',
  hi: 'वॉइस अनुवाद उपलब्ध नहीं है: बॉट का अनुवाद प्रदाता ऑडियो नहीं ले सकता। कृपया किसी सर्वर एडमिन को बताएं।',
};

export const VOICE_NOTHING_HEARD: Phrase = {
  en: 'No speech could be heard in this voice message.',
  es: 'No se pudo oír ninguna voz en este mensaje de voz.',
  fr: "Aucune parole n'a pu être entendue dans ce message vocal.",
  de: 'In dieser Sprachnachricht war keine Sprache zu hören.',
  pt: 'Não foi possível ouvir nenhuma fala nesta mensagem de voz.',
  it: 'Non è stato possibile sentire alcuna voce in questo messaggio vocale.',
  tr: 'Bu sesli mesajda konuşma duyulamadı.',
  ru: 'В этом голосовом сообщении не удалось расслышать речь.',
  ja: 'このボイスメッセージでは音声を聞き取れませんでした。',
  ko: '이 음성 메시지에서 말소리를 들을 수 없습니다.',
  zh: '这条语音消息中听不到任何语音。',
  ar: 'لم يمكن سماع أي كلام في هذه الرسالة الصوتية.',
  hi: 'इस वॉइस मैसेज में कोई बोली सुनाई नहीं दी।',
};

export const VOICE_NOT_A_VOICE_CHANNEL: Phrase = {
  en: '{channel} is not a voice channel. Join a voice channel, or name one: /voice start channel:…',
  es: '{channel} no es un canal de voz. Únete a un canal de voz o indica uno: /voice start channel:…',
  fr: "{channel} n'est pas un salon vocal. Rejoignez un salon vocal ou indiquez-en un : /voice start channel:…",
  de: '{channel} ist kein Sprachkanal. Tritt einem Sprachkanal bei oder nenne einen: /voice start channel:…',
  pt: '{channel} não é um canal de voz. Entre em um canal de voz ou indique um: /voice start channel:…',
  it: '{channel} non è un canale vocale. Entra in un canale vocale o indicane uno: /voice start channel:…',
  tr: '{channel} bir ses kanalı değil. Bir ses kanalına katıl ya da birini belirt: /voice start channel:…',
  ru: '{channel} — не голосовой канал. Зайдите в голосовой канал или укажите его: /voice start channel:…',
  ja: '{channel} はボイスチャンネルではありません。ボイスチャンネルに参加するか、指定してください：/voice start channel:…',
  ko: '{channel}은(는) 음성 채널이 아닙니다. 음성 채널에 들어가거나 채널을 지정하세요: /voice start channel:…',
  zh: '{channel} 不是语音频道。请加入一个语音频道，或指定一个：/voice start channel:…',
  ar: '{channel} ليست قناة صوتية. انضم إلى قناة صوتية أو حدد واحدة: /voice start channel:…',
  hi: '{channel} वॉइस चैनल नहीं है। किसी वॉइस चैनल में जुड़ें या एक चुनें: /voice start channel:…',
};

export const VOICE_MISSING_PERMISSIONS: Phrase = {
  en: 'I need the Connect and Speak permissions in {channel} to caption it. A server admin can grant them in the channel settings.',
  es: 'Necesito los permisos Conectar y Hablar en {channel} para subtitularlo. Un administrador puede darlos en los ajustes del canal.',
  fr: "J'ai besoin des permissions Se connecter et Parler dans {channel} pour le sous-titrer. Un administrateur peut les accorder dans les paramètres du salon.",
  de: 'Ich brauche die Berechtigungen Verbinden und Sprechen in {channel}, um ihn zu untertiteln. Ein Server-Admin kann sie in den Kanaleinstellungen vergeben.',
  pt: 'Preciso das permissões Conectar e Falar em {channel} para legendá-lo. Um administrador pode concedê-las nas configurações do canal.',
  it: 'Mi servono i permessi Connettersi e Parlare in {channel} per sottotitolarlo. Un amministratore può concederli nelle impostazioni del canale.',
  tr: '{channel} kanalını altyazılamak için Bağlan ve Konuş izinlerine ihtiyacım var. Bir sunucu yöneticisi bunları kanal ayarlarından verebilir.',
  ru: 'Чтобы делать субтитры в {channel}, мне нужны права «Подключаться» и «Говорить». Администратор может выдать их в настройках канала.',
  ja: '{channel} で字幕を付けるには「接続」と「発言」の権限が必要です。サーバー管理者がチャンネル設定で付与できます。',
  ko: '{channel}에 자막을 달려면 연결 및 말하기 권한이 필요합니다. 서버 관리자가 채널 설정에서 부여할 수 있습니다.',
  zh: '我需要 {channel} 的“连接”和“说话”权限才能生成字幕。服务器管理员可以在频道设置中授予。',
  ar: 'أحتاج إلى صلاحيتي الاتصال والتحدث في {channel} لعرض الترجمة النصية. يمكن لمسؤول الخادم منحهما من إعدادات القناة.',
  hi: '{channel} में कैप्शन देने के लिए मुझे Connect और Speak अनुमतियां चाहिए। सर्वर एडमिन चैनल सेटिंग में ये दे सकते हैं।',
};

export const VOICE_ALREADY_RUNNING: Phrase = {
  en: 'Live captions are already running in {channel}. Use /voice stop to end them.',
  es: 'Los subtítulos en vivo ya están activos en {channel}. Usa /voice stop para terminarlos.',
  fr: 'Les sous-titres en direct sont déjà actifs dans {channel}. Utilisez /voice stop pour les arrêter.',
  de: 'Live-Untertitel laufen bereits in {channel}. Beende sie mit /voice stop.',
  pt: 'As legendas ao vivo já estão ativas em {channel}. Use /voice stop para encerrá-las.',
  it: 'I sottotitoli dal vivo sono già attivi in {channel}. Usa /voice stop per terminarli.',
  tr: '{channel} kanalında canlı altyazı zaten çalışıyor. Bitirmek için /voice stop kullan.',
  ru: 'Живые субтитры уже идут в {channel}. Чтобы остановить, используйте /voice stop.',
  ja: '{channel} ではすでにライブ字幕が動作しています。終了するには /voice stop を使ってください。',
  ko: '{channel}에서 이미 실시간 자막이 실행 중입니다. 끝내려면 /voice stop을 사용하세요.',
  zh: '{channel} 中的实时字幕已在运行。使用 /voice stop 结束。',
  ar: 'الترجمة النصية المباشرة تعمل بالفعل في {channel}. استخدم /voice stop لإنهائها.',
  hi: '{channel} में लाइव कैप्शन पहले से चल रहे हैं। बंद करने के लिए /voice stop इस्तेमाल करें।',
};

export const VOICE_MINUTES_USED: Phrase = {
  en: 'This server has used all {minutes} voice minutes of its plan this month. They renew next month, or right away with an upgrade.',
  es: 'Este servidor ha usado los {minutes} minutos de voz de su plan este mes. Se renuevan el mes que viene, o de inmediato con una mejora.',
  fr: 'Ce serveur a utilisé les {minutes} minutes vocales de son forfait ce mois-ci. Elles se renouvellent le mois prochain, ou tout de suite avec une mise à niveau.',
  de: 'Dieser Server hat diesen Monat alle {minutes} Sprachminuten seines Plans verbraucht. Sie erneuern sich nächsten Monat oder sofort mit einem Upgrade.',
  pt: 'Este servidor usou todos os {minutes} minutos de voz do plano este mês. Eles renovam no próximo mês, ou na hora com um upgrade.',
  it: 'Questo server ha usato tutti i {minutes} minuti vocali del suo piano questo mese. Si rinnovano il mese prossimo, o subito con un upgrade.',
  tr: 'Bu sunucu bu ay planındaki {minutes} ses dakikasının tamamını kullandı. Gelecek ay yenilenir ya da yükseltmeyle hemen açılır.',
  ru: 'Этот сервер израсходовал все {minutes} голосовых минут своего плана в этом месяце. Они обновятся в следующем месяце или сразу после улучшения плана.',
  ja: 'このサーバーは今月、プランの音声 {minutes} 分をすべて使いました。来月に更新されるか、アップグレードですぐに使えます。',
  ko: '이 서버는 이번 달 요금제의 음성 {minutes}분을 모두 사용했습니다. 다음 달에 갱신되며, 업그레이드하면 바로 사용할 수 있습니다.',
  zh: '本服务器本月已用完套餐的全部 {minutes} 分钟语音时长。下个月会重置，升级后可立即使用。',
  ar: 'استخدم هذا الخادم كل دقائق الصوت البالغة {minutes} في خطته هذا الشهر. تتجدد الشهر القادم، أو فورًا عند الترقية.',
  hi: 'इस सर्वर ने इस महीने अपने प्लान के सभी {minutes} वॉइस मिनट इस्तेमाल कर लिए हैं। ये अगले महीने फिर मिलेंगे, या अपग्रेड से तुरंत।',
};

export const VOICE_STARTED: Phrase = {
  en: '✅ Live captions are on in {channel} ({languages}). /voice stop ends them.',
  es: '✅ Los subtítulos en vivo están activos en {channel} ({languages}). /voice stop los termina.',
  fr: '✅ Les sous-titres en direct sont actifs dans {channel} ({languages}). /voice stop les arrête.',
  de: '✅ Live-Untertitel laufen in {channel} ({languages}). /voice stop beendet sie.',
  pt: '✅ As legendas ao vivo estão ativas em {channel} ({languages}). /voice stop as encerra.',
  it: '✅ I sottotitoli dal vivo sono attivi in {channel} ({languages}). /voice stop li termina.',
  tr: '✅ {channel} kanalında canlı altyazı açık ({languages}). /voice stop ile bitir.',
  ru: '✅ Живые субтитры включены в {channel} ({languages}). /voice stop выключает их.',
  ja: '✅ {channel} でライブ字幕を開始しました（{languages}）。/voice stop で終了します。',
  ko: '✅ {channel}에서 실시간 자막이 켜졌습니다 ({languages}). /voice stop으로 끝냅니다.',
  zh: '✅ {channel} 的实时字幕已开启（{languages}）。使用 /voice stop 结束。',
  ar: '✅ الترجمة النصية المباشرة تعمل في {channel} ({languages}). ‏/voice stop ينهيها.',
  hi: '✅ {channel} में लाइव कैप्शन चालू हैं ({languages})। /voice stop से बंद करें।',
};

export const VOICE_CONNECT_FAILED: Phrase = {
  en: '❌ I could not join {channel}, so no captions: {reason}',
  es: '❌ No pude unirme a {channel}, así que no hay subtítulos: {reason}',
  fr: "❌ Je n'ai pas pu rejoindre {channel}, donc pas de sous-titres : {reason}",
  de: '❌ Ich konnte {channel} nicht beitreten, also keine Untertitel: {reason}',
  pt: '❌ Não consegui entrar em {channel}, então não há legendas: {reason}',
  it: '❌ Non sono riuscito a entrare in {channel}, quindi niente sottotitoli: {reason}',
  tr: '❌ {channel} kanalına katılamadım, bu yüzden altyazı yok: {reason}',
  ru: '❌ Не удалось подключиться к {channel}, поэтому субтитров не будет: {reason}',
  ja: '❌ {channel} に参加できなかったため、字幕はありません：{reason}',
  ko: '❌ {channel}에 들어가지 못해 자막이 없습니다: {reason}',
  zh: '❌ 无法加入 {channel}，因此没有字幕：{reason}',
  ar: '❌ لم أتمكن من الانضمام إلى {channel}، لذا لا توجد ترجمة نصية: {reason}',
  hi: '❌ मैं {channel} में नहीं जुड़ सका, इसलिए कैप्शन नहीं: {reason}',
};

export const VOICE_NO_SESSION: Phrase = {
  en: 'There are no live captions running in {channel}.',
  es: 'No hay subtítulos en vivo activos en {channel}.',
  fr: "Il n'y a pas de sous-titres en direct dans {channel}.",
  de: 'In {channel} laufen keine Live-Untertitel.',
  pt: 'Não há legendas ao vivo ativas em {channel}.',
  it: 'Non ci sono sottotitoli dal vivo attivi in {channel}.',
  tr: '{channel} kanalında çalışan canlı altyazı yok.',
  ru: 'В {channel} нет живых субтитров.',
  ja: '{channel} ではライブ字幕は動作していません。',
  ko: '{channel}에서 실행 중인 실시간 자막이 없습니다.',
  zh: '{channel} 中没有正在运行的实时字幕。',
  ar: 'لا توجد ترجمة نصية مباشرة تعمل في {channel}.',
  hi: '{channel} में कोई लाइव कैप्शन नहीं चल रहे।',
};

export const VOICE_STOPPED: Phrase = {
  en: '⏹️ Live captions in {channel} have ended.',
  es: '⏹️ Los subtítulos en vivo de {channel} han terminado.',
  fr: '⏹️ Les sous-titres en direct de {channel} sont terminés.',
  de: '⏹️ Die Live-Untertitel in {channel} sind beendet.',
  pt: '⏹️ As legendas ao vivo em {channel} terminaram.',
  it: '⏹️ I sottotitoli dal vivo in {channel} sono terminati.',
  tr: '⏹️ {channel} kanalındaki canlı altyazı sona erdi.',
  ru: '⏹️ Живые субтитры в {channel} остановлены.',
  ja: '⏹️ {channel} のライブ字幕を終了しました。',
  ko: '⏹️ {channel}의 실시간 자막이 끝났습니다.',
  zh: '⏹️ {channel} 的实时字幕已结束。',
  ar: '⏹️ انتهت الترجمة النصية المباشرة في {channel}.',
  hi: '⏹️ {channel} में लाइव कैप्शन खत्म हो गए।',
};

export const VOICE_CAPTIONS_MISSING_PERMISSIONS: Phrase = {
  en: 'I need the View Channel, Send Messages and Manage Webhooks permissions in {channel} to post captions there. A server admin can grant them in the channel settings.',
  es: 'Necesito los permisos Ver canal, Enviar mensajes y Gestionar webhooks en {channel} para publicar subtítulos allí. Un administrador puede darlos en los ajustes del canal.',
  fr: "J'ai besoin des permissions Voir le salon, Envoyer des messages et Gérer les webhooks dans {channel} pour y publier les sous-titres. Un administrateur peut les accorder dans les paramètres du salon.",
  de: 'Ich brauche die Berechtigungen Kanal ansehen, Nachrichten senden und Webhooks verwalten in {channel}, um dort Untertitel zu posten. Ein Server-Admin kann sie in den Kanaleinstellungen vergeben.',
  pt: 'Preciso das permissões Ver canal, Enviar mensagens e Gerenciar webhooks em {channel} para publicar legendas lá. Um administrador pode concedê-las nas configurações do canal.',
  it: 'Mi servono i permessi Visualizzare il canale, Inviare messaggi e Gestire i webhook in {channel} per pubblicarvi i sottotitoli. Un amministratore può concederli nelle impostazioni del canale.',
  tr: "{channel} kanalına altyazı gönderebilmem için Kanalı Görüntüle, Mesaj Gönder ve Webhook'ları Yönet izinlerine ihtiyacım var. Bir sunucu yöneticisi bunları kanal ayarlarından verebilir.",
  ru: 'Чтобы публиковать субтитры в {channel}, мне нужны права «Просматривать канал», «Отправлять сообщения» и «Управлять вебхуками». Администратор может выдать их в настройках канала.',
  ja: '{channel} に字幕を投稿するには「チャンネルを見る」「メッセージを送信」「ウェブフックの管理」の権限が必要です。サーバー管理者がチャンネル設定で付与できます。',
  ko: '{channel}에 자막을 올리려면 채널 보기, 메시지 보내기, 웹후크 관리 권한이 필요합니다. 서버 관리자가 채널 설정에서 부여할 수 있습니다.',
  zh: '我需要 {channel} 的“查看频道”、“发送消息”和“管理 Webhook”权限才能在那里发布字幕。服务器管理员可以在频道设置中授予。',
  ar: 'أحتاج إلى صلاحيات عرض القناة وإرسال الرسائل وإدارة الويب هوك في {channel} لنشر الترجمة النصية هناك. يمكن لمسؤول الخادم منحها من إعدادات القناة.',
  hi: '{channel} में कैप्शन पोस्ट करने के लिए मुझे View Channel, Send Messages और Manage Webhooks अनुमतियां चाहिए। सर्वर एडमिन चैनल सेटिंग में ये दे सकते हैं।',
};

export const VOICE_SERVERS_ONLY: Phrase = {
  en: 'Live captions work in servers.',
  es: 'Los subtítulos en vivo funcionan en servidores.',
  fr: 'Les sous-titres en direct fonctionnent dans les serveurs.',
  de: 'Live-Untertitel funktionieren auf Servern.',
  pt: 'As legendas ao vivo funcionam em servidores.',
  it: 'I sottotitoli dal vivo funzionano nei server.',
  tr: 'Canlı altyazı sunucularda çalışır.',
  ru: 'Живые субтитры работают на серверах.',
  ja: 'ライブ字幕はサーバー内で使えます。',
  ko: '실시간 자막은 서버에서 작동합니다.',
  zh: '实时字幕仅在服务器中可用。',
  ar: 'الترجمة النصية المباشرة تعمل في الخوادم.',
  hi: 'लाइव कैप्शन सर्वरों में काम करते हैं।',
};

/** Posted in the voice channel's chat (the server's default language) before the bot listens. */
export const VOICE_ANNOUNCEMENT_HERE: Phrase = {
  en: '🎙️ **Live captions are on** in this channel ({languages}). I am listening to translate what is said here: captions appear in this chat, and no audio is kept. /voice stop ends them.',
  es: '🎙️ **Los subtítulos en vivo están activos** en este canal ({languages}). Escucho para traducir lo que se dice aquí: los subtítulos aparecen en este chat y no se guarda ningún audio. /voice stop los termina.',
  fr: '🎙️ **Les sous-titres en direct sont actifs** dans ce salon ({languages}). J’écoute pour traduire ce qui se dit ici : les sous-titres apparaissent dans ce chat, et aucun audio n’est conservé. /voice stop les arrête.',
  de: '🎙️ **Live-Untertitel sind an** in diesem Kanal ({languages}). Ich höre zu, um zu übersetzen, was hier gesagt wird: Die Untertitel erscheinen in diesem Chat, und kein Audio wird gespeichert. /voice stop beendet sie.',
  pt: '🎙️ **As legendas ao vivo estão ativas** neste canal ({languages}). Estou ouvindo para traduzir o que é dito aqui: as legendas aparecem neste chat e nenhum áudio é guardado. /voice stop as encerra.',
  it: '🎙️ **I sottotitoli dal vivo sono attivi** in questo canale ({languages}). Ascolto per tradurre ciò che si dice qui: i sottotitoli compaiono in questa chat e nessun audio viene conservato. /voice stop li termina.',
  tr: '🎙️ **Canlı altyazı açık**, bu kanalda ({languages}). Burada söyleneni çevirmek için dinliyorum: altyazılar bu sohbette görünür ve hiçbir ses saklanmaz. /voice stop ile bitir.',
  ru: '🎙️ **Живые субтитры включены** в этом канале ({languages}). Я слушаю, чтобы переводить сказанное здесь: субтитры появляются в этом чате, аудио не сохраняется. /voice stop выключает их.',
  ja: '🎙️ このチャンネルで**ライブ字幕がオン**です（{languages}）。ここで話されたことを翻訳するために聞いています：字幕はこのチャットに表示され、音声は保存されません。/voice stop で終了します。',
  ko: '🎙️ 이 채널에서 **실시간 자막이 켜졌습니다** ({languages}). 여기서 하는 말을 번역하기 위해 듣고 있습니다: 자막은 이 채팅에 표시되며 오디오는 저장되지 않습니다. /voice stop으로 끝냅니다.',
  zh: '🎙️ 本频道的**实时字幕已开启**（{languages}）。我正在收听以翻译这里所说的内容：字幕显示在此聊天中，不保存任何音频。使用 /voice stop 结束。',
  ar: '🎙️ **الترجمة النصية المباشرة تعمل** في هذه القناة ({languages}). أستمع لترجمة ما يُقال هنا: تظهر الترجمة في هذه الدردشة، ولا يُحفظ أي صوت. ‏/voice stop ينهيها.',
  hi: '🎙️ इस चैनल में **लाइव कैप्शन चालू हैं** ({languages})। यहां कही गई बातों का अनुवाद करने के लिए मैं सुन रहा हूं: कैप्शन इसी चैट में दिखते हैं, और कोई ऑडियो नहीं रखा जाता। /voice stop से बंद करें।',
};

export const VOICE_ANNOUNCEMENT_IN: Phrase = {
  en: '🎙️ **Live captions are on** in this channel ({languages}). I am listening to translate what is said here: captions appear in {channel}, and no audio is kept. /voice stop ends them.',
  es: '🎙️ **Los subtítulos en vivo están activos** en este canal ({languages}). Escucho para traducir lo que se dice aquí: los subtítulos aparecen en {channel} y no se guarda ningún audio. /voice stop los termina.',
  fr: '🎙️ **Les sous-titres en direct sont actifs** dans ce salon ({languages}). J’écoute pour traduire ce qui se dit ici : les sous-titres apparaissent dans {channel}, et aucun audio n’est conservé. /voice stop les arrête.',
  de: '🎙️ **Live-Untertitel sind an** in diesem Kanal ({languages}). Ich höre zu, um zu übersetzen, was hier gesagt wird: Die Untertitel erscheinen in {channel}, und kein Audio wird gespeichert. /voice stop beendet sie.',
  pt: '🎙️ **As legendas ao vivo estão ativas** neste canal ({languages}). Estou ouvindo para traduzir o que é dito aqui: as legendas aparecem em {channel} e nenhum áudio é guardado. /voice stop as encerra.',
  it: '🎙️ **I sottotitoli dal vivo sono attivi** in questo canale ({languages}). Ascolto per tradurre ciò che si dice qui: i sottotitoli compaiono in {channel} e nessun audio viene conservato. /voice stop li termina.',
  tr: '🎙️ **Canlı altyazı açık**, bu kanalda ({languages}). Burada söyleneni çevirmek için dinliyorum: altyazılar {channel} kanalında görünür ve hiçbir ses saklanmaz. /voice stop ile bitir.',
  ru: '🎙️ **Живые субтитры включены** в этом канале ({languages}). Я слушаю, чтобы переводить сказанное здесь: субтитры появляются в {channel}, аудио не сохраняется. /voice stop выключает их.',
  ja: '🎙️ このチャンネルで**ライブ字幕がオン**です（{languages}）。ここで話されたことを翻訳するために聞いています：字幕は {channel} に表示され、音声は保存されません。/voice stop で終了します。',
  ko: '🎙️ 이 채널에서 **실시간 자막이 켜졌습니다** ({languages}). 여기서 하는 말을 번역하기 위해 듣고 있습니다: 자막은 {channel}에 표시되며 오디오는 저장되지 않습니다. /voice stop으로 끝냅니다.',
  zh: '🎙️ 本频道的**实时字幕已开启**（{languages}）。我正在收听以翻译这里所说的内容：字幕显示在 {channel} 中，不保存任何音频。使用 /voice stop 结束。',
  ar: '🎙️ **الترجمة النصية المباشرة تعمل** في هذه القناة ({languages}). أستمع لترجمة ما يُقال هنا: تظهر الترجمة في {channel}، ولا يُحفظ أي صوت. ‏/voice stop ينهيها.',
  hi: '🎙️ इस चैनल में **लाइव कैप्शन चालू हैं** ({languages})। यहां कही गई बातों का अनुवाद करने के लिए मैं सुन रहा हूं: कैप्शन {channel} में दिखते हैं, और कोई ऑडियो नहीं रखा जाता। /voice stop से बंद करें।',
};
