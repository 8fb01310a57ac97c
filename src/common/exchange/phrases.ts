import type { Phrase } from '../phrases';

/**
 * Language exchange (the Pro plan): what the bot tells members, in their language. {native} and
 * {learning} are language names as the language calls itself (Español, 日本語); {since} is a
 * Discord timestamp (<t:…:R>), which each member's client shows in its own language.
 */

export const EXCHANGE_JOINED: Phrase = {
  en: '🗣️ You are in the language exchange: you speak {native} and learn {learning}. I will tell you privately as soon as a partner is found.',
  es: '🗣️ Estás en el intercambio de idiomas: hablas {native} y aprendes {learning}. Te avisaré en privado en cuanto encuentre pareja.',
  fr: '🗣️ Vous participez à l’échange linguistique : vous parlez {native} et apprenez {learning}. Je vous préviendrai en privé dès qu’un partenaire sera trouvé.',
  de: '🗣️ Du bist beim Sprachtausch dabei: Du sprichst {native} und lernst {learning}. Ich sage dir privat Bescheid, sobald ein Partner gefunden ist.',
  pt: '🗣️ Você está no intercâmbio de idiomas: fala {native} e aprende {learning}. Vou avisar em privado assim que encontrar um parceiro.',
  it: '🗣️ Partecipi allo scambio linguistico: parli {native} e impari {learning}. Ti avviserò in privato appena trovo un partner.',
  tr: '🗣️ Dil değişimine katıldın: {native} konuşuyor ve {learning} öğreniyorsun. Bir partner bulunur bulunmaz sana özelden haber vereceğim.',
  ru: '🗣️ Вы участвуете в языковом обмене: вы говорите на языке {native} и изучаете {learning}. Я сообщу вам лично, как только найдётся партнёр.',
  ja: '🗣️ 言語交換に参加しました：{native} を話し、{learning} を学んでいます。パートナーが見つかり次第、個別にお知らせします。',
  ko: '🗣️ 언어 교환에 참여했습니다: {native}을(를) 말하고 {learning}을(를) 배웁니다. 파트너를 찾으면 바로 개인적으로 알려 드릴게요.',
  zh: '🗣️ 你已加入语言交换：你说 {native}，在学 {learning}。找到搭档后我会私下通知你。',
  ar: '🗣️ أنت الآن في تبادل اللغات: تتحدث {native} وتتعلم {learning}. سأخبرك بشكل خاص فور العثور على شريك.',
  hi: '🗣️ आप भाषा विनिमय में शामिल हैं: आप {native} बोलते हैं और {learning} सीखते हैं। साथी मिलते ही मैं आपको निजी रूप से बताऊँगा।',
};

export const EXCHANGE_MATCHED: Phrase = {
  en: '🤝 You have a language exchange partner on {server}: {partner} speaks {learning} and is learning {native}. Say hello!',
  es: '🤝 Tienes pareja de intercambio en {server}: {partner} habla {learning} y está aprendiendo {native}. ¡Salúdale!',
  fr: '🤝 Vous avez un partenaire d’échange sur {server} : {partner} parle {learning} et apprend {native}. Dites bonjour !',
  de: '🤝 Du hast einen Tauschpartner auf {server}: {partner} spricht {learning} und lernt {native}. Sag hallo!',
  pt: '🤝 Você tem um parceiro de intercâmbio em {server}: {partner} fala {learning} e está aprendendo {native}. Diga olá!',
  it: '🤝 Hai un partner di scambio su {server}: {partner} parla {learning} e sta imparando {native}. Salutalo!',
  tr: '🤝 {server} sunucusunda bir dil değişimi partnerin var: {partner} {learning} konuşuyor ve {native} öğreniyor. Merhaba de!',
  ru: '🤝 У вас есть партнёр по обмену на {server}: {partner} говорит на языке {learning} и изучает {native}. Поздоровайтесь!',
  ja: '🤝 {server} で言語交換のパートナーが見つかりました：{partner} さんは {learning} を話し、{native} を学んでいます。挨拶してみましょう！',
  ko: '🤝 {server}에서 언어 교환 파트너가 생겼어요: {partner} 님은 {learning}을(를) 말하고 {native}을(를) 배우고 있어요. 인사해 보세요!',
  zh: '🤝 你在 {server} 有了语言交换搭档：{partner} 说 {learning}，正在学 {native}。打个招呼吧！',
  ar: '🤝 لديك شريك لتبادل اللغات على {server}: {partner} يتحدث {learning} ويتعلم {native}. ألقِ التحية!',
  hi: '🤝 {server} पर आपका भाषा विनिमय साथी मिल गया: {partner} {learning} बोलते हैं और {native} सीख रहे हैं। नमस्ते कहिए!',
};

export const EXCHANGE_THREAD: Phrase = {
  en: 'Your private practice thread: {thread}',
  es: 'Vuestro hilo privado de práctica: {thread}',
  fr: 'Votre fil privé d’entraînement : {thread}',
  de: 'Euer privater Übungs-Thread: {thread}',
  pt: 'Seu tópico privado de prática: {thread}',
  it: 'Il vostro thread privato di pratica: {thread}',
  tr: 'Özel pratik başlığınız: {thread}',
  ru: 'Ваша личная ветка для практики: {thread}',
  ja: 'ふたりの非公開練習スレッド：{thread}',
  ko: '두 분의 비공개 연습 스레드: {thread}',
  zh: '你们的私密练习话题：{thread}',
  ar: 'سلسلة التدريب الخاصة بكما: {thread}',
  hi: 'आपका निजी अभ्यास थ्रेड: {thread}',
};

export const EXCHANGE_STARTER: Phrase = {
  en: '👋 Welcome to your language exchange! {a} speaks {langA} and learns {langB}; {b} speaks {langB} and learns {langA}. To start: introduce yourself in the language you are learning (where you live, what you like, why you learn it), and your partner answers in theirs. Correct each other kindly.',
  es: '👋 ¡Bienvenidos a vuestro intercambio de idiomas! {a} habla {langA} y aprende {langB}; {b} habla {langB} y aprende {langA}. Para empezar: preséntate en el idioma que aprendes (dónde vives, qué te gusta, por qué lo aprendes) y tu pareja responde en el suyo. Corregíos con amabilidad.',
  fr: '👋 Bienvenue dans votre échange linguistique ! {a} parle {langA} et apprend {langB} ; {b} parle {langB} et apprend {langA}. Pour commencer : présentez-vous dans la langue que vous apprenez (où vous vivez, ce que vous aimez, pourquoi vous l’apprenez), et votre partenaire répond dans la sienne. Corrigez-vous avec bienveillance.',
  de: '👋 Willkommen zu eurem Sprachtausch! {a} spricht {langA} und lernt {langB}; {b} spricht {langB} und lernt {langA}. Zum Start: Stell dich in der Sprache vor, die du lernst (wo du wohnst, was du magst, warum du sie lernst), und dein Partner antwortet in seiner. Korrigiert euch freundlich.',
  pt: '👋 Boas-vindas ao seu intercâmbio de idiomas! {a} fala {langA} e aprende {langB}; {b} fala {langB} e aprende {langA}. Para começar: apresente-se no idioma que está aprendendo (onde mora, do que gosta, por que aprende) e seu parceiro responde no dele. Corrijam-se com gentileza.',
  it: '👋 Benvenuti nel vostro scambio linguistico! {a} parla {langA} e impara {langB}; {b} parla {langB} e impara {langA}. Per iniziare: presentati nella lingua che stai imparando (dove vivi, cosa ti piace, perché la impari) e il tuo partner risponde nella sua. Correggetevi con gentilezza.',
  tr: '👋 Dil değişiminize hoş geldiniz! {a} {langA} konuşuyor ve {langB} öğreniyor; {b} {langB} konuşuyor ve {langA} öğreniyor. Başlamak için: öğrendiğin dilde kendini tanıt (nerede yaşadığın, neleri sevdiğin, neden öğrendiğin), partnerin de kendi dilinde cevap versin. Birbirinizi nazikçe düzeltin.',
  ru: '👋 Добро пожаловать в ваш языковой обмен! {a} говорит на языке {langA} и изучает {langB}; {b} говорит на языке {langB} и изучает {langA}. Для начала представьтесь на языке, который изучаете (где живёте, что любите, зачем учите), а партнёр ответит на своём. Поправляйте друг друга доброжелательно.',
  ja: '👋 言語交換へようこそ！{a} さんは {langA} を話し {langB} を学んでいます。{b} さんは {langB} を話し {langA} を学んでいます。まずは学んでいる言語で自己紹介をしてみましょう（住んでいる所、好きなこと、学ぶ理由）。パートナーは自分の言語で返事をします。やさしく直し合いましょう。',
  ko: '👋 언어 교환에 오신 것을 환영합니다! {a} 님은 {langA}을(를) 말하고 {langB}을(를) 배웁니다. {b} 님은 {langB}을(를) 말하고 {langA}을(를) 배웁니다. 시작하기: 배우는 언어로 자기소개를 해 보세요(사는 곳, 좋아하는 것, 배우는 이유). 파트너는 자기 언어로 답합니다. 서로 친절하게 고쳐 주세요.',
  zh: '👋 欢迎来到你们的语言交换！{a} 说 {langA}，在学 {langB}；{b} 说 {langB}，在学 {langA}。开始吧：用你在学的语言做个自我介绍（住在哪里、喜欢什么、为什么学），搭档用自己的语言回复。友好地互相纠正。',
  ar: '👋 أهلاً بكما في تبادل اللغات! {a} يتحدث {langA} ويتعلم {langB}؛ و{b} يتحدث {langB} ويتعلم {langA}. للبدء: عرّف بنفسك باللغة التي تتعلمها (أين تعيش، ماذا تحب، لماذا تتعلمها)، ويجيبك شريكك بلغته. صحّحا لبعضكما بلطف.',
  hi: '👋 आपके भाषा विनिमय में स्वागत है! {a} {langA} बोलते हैं और {langB} सीखते हैं; {b} {langB} बोलते हैं और {langA} सीखते हैं। शुरुआत के लिए: जो भाषा सीख रहे हैं उसमें अपना परिचय दीजिए (कहाँ रहते हैं, क्या पसंद है, क्यों सीख रहे हैं), और आपका साथी अपनी भाषा में जवाब दे। एक-दूसरे को प्यार से सुधारिए।',
};

export const EXCHANGE_ALREADY_IN: Phrase = {
  en: 'You are already in the language exchange (you speak {native}, you learn {learning}). Use /exchange status, /exchange next for another partner, or /exchange leave first to change languages.',
  es: 'Ya estás en el intercambio de idiomas (hablas {native}, aprendes {learning}). Usa /exchange status, /exchange next para otra pareja, o /exchange leave antes de cambiar de idiomas.',
  fr: 'Vous participez déjà à l’échange linguistique (vous parlez {native}, vous apprenez {learning}). Utilisez /exchange status, /exchange next pour un autre partenaire, ou /exchange leave d’abord pour changer de langues.',
  de: 'Du bist schon beim Sprachtausch dabei (du sprichst {native}, du lernst {learning}). Nutze /exchange status, /exchange next für einen anderen Partner, oder zuerst /exchange leave, um die Sprachen zu ändern.',
  pt: 'Você já está no intercâmbio de idiomas (fala {native}, aprende {learning}). Use /exchange status, /exchange next para outro parceiro, ou /exchange leave antes para mudar de idiomas.',
  it: 'Partecipi già allo scambio linguistico (parli {native}, impari {learning}). Usa /exchange status, /exchange next per un altro partner, oppure prima /exchange leave per cambiare lingue.',
  tr: 'Zaten dil değişimindesin ({native} konuşuyor, {learning} öğreniyorsun). /exchange status, başka partner için /exchange next kullan ya da dilleri değiştirmek için önce /exchange leave yap.',
  ru: 'Вы уже участвуете в языковом обмене (говорите: {native}, изучаете: {learning}). Используйте /exchange status, /exchange next для другого партнёра или сначала /exchange leave, чтобы сменить языки.',
  ja: 'すでに言語交換に参加しています（話す言語：{native}、学ぶ言語：{learning}）。/exchange status、別のパートナーなら /exchange next、言語を変えるにはまず /exchange leave を使ってください。',
  ko: '이미 언어 교환에 참여 중입니다(말하는 언어: {native}, 배우는 언어: {learning}). /exchange status, 다른 파트너는 /exchange next, 언어를 바꾸려면 먼저 /exchange leave를 사용하세요.',
  zh: '你已在语言交换中（你说 {native}，在学 {learning}）。可使用 /exchange status，用 /exchange next 换搭档，或先用 /exchange leave 再更换语言。',
  ar: 'أنت بالفعل في تبادل اللغات (تتحدث {native} وتتعلم {learning}). استخدم /exchange status، أو /exchange next لشريك آخر، أو /exchange leave أولاً لتغيير اللغات.',
  hi: 'आप पहले से भाषा विनिमय में हैं (आप {native} बोलते हैं, {learning} सीखते हैं)। /exchange status, दूसरे साथी के लिए /exchange next, या भाषाएँ बदलने के लिए पहले /exchange leave इस्तेमाल करें।',
};

export const EXCHANGE_UNKNOWN_LANGUAGE: Phrase = {
  en: '❌ {field}: “{value}” is not a language I know. Pick one from the list as you type.',
  es: '❌ {field}: «{value}» no es un idioma que conozca. Elige uno de la lista mientras escribes.',
  fr: '❌ {field} : « {value} » n’est pas une langue que je connais. Choisissez-en une dans la liste en tapant.',
  de: '❌ {field}: „{value}“ ist keine Sprache, die ich kenne. Wähle beim Tippen eine aus der Liste.',
  pt: '❌ {field}: “{value}” não é um idioma que eu conheça. Escolha um da lista enquanto digita.',
  it: '❌ {field}: «{value}» non è una lingua che conosco. Scegline una dall’elenco mentre scrivi.',
  tr: '❌ {field}: “{value}” bildiğim bir dil değil. Yazarken listeden birini seç.',
  ru: '❌ {field}: «{value}» — незнакомый мне язык. Выберите язык из списка при вводе.',
  ja: '❌ {field}：「{value}」は対応していない言語です。入力中に表示される一覧から選んでください。',
  ko: '❌ {field}: “{value}”은(는) 제가 아는 언어가 아닙니다. 입력할 때 목록에서 골라 주세요.',
  zh: '❌ {field}：“{value}”不是我支持的语言。请在输入时从列表中选择。',
  ar: '❌ {field}: “{value}” ليست لغة أعرفها. اختر واحدة من القائمة أثناء الكتابة.',
  hi: '❌ {field}: “{value}” कोई ऐसी भाषा नहीं है जिसे मैं जानता हूँ। टाइप करते समय सूची से एक चुनें।',
};

export const EXCHANGE_SAME_LANGUAGE: Phrase = {
  en: '❌ The language you speak and the one you learn must be different.',
  es: '❌ El idioma que hablas y el que aprendes deben ser distintos.',
  fr: '❌ La langue que vous parlez et celle que vous apprenez doivent être différentes.',
  de: '❌ Die Sprache, die du sprichst, und die, die du lernst, müssen verschieden sein.',
  pt: '❌ O idioma que você fala e o que aprende precisam ser diferentes.',
  it: '❌ La lingua che parli e quella che impari devono essere diverse.',
  tr: '❌ Konuştuğun dil ile öğrendiğin dil farklı olmalı.',
  ru: '❌ Язык, на котором вы говорите, и изучаемый язык должны различаться.',
  ja: '❌ 話す言語と学ぶ言語は別の言語にしてください。',
  ko: '❌ 말하는 언어와 배우는 언어는 달라야 합니다.',
  zh: '❌ 你说的语言和在学的语言必须不同。',
  ar: '❌ يجب أن تكون اللغة التي تتحدثها مختلفة عن اللغة التي تتعلمها.',
  hi: '❌ जो भाषा आप बोलते हैं और जो सीखते हैं, वे अलग होनी चाहिए।',
};

export const EXCHANGE_NOT_IN: Phrase = {
  en: 'You are not in the language exchange. Join with /exchange join.',
  es: 'No estás en el intercambio de idiomas. Únete con /exchange join.',
  fr: 'Vous ne participez pas à l’échange linguistique. Rejoignez-le avec /exchange join.',
  de: 'Du bist nicht beim Sprachtausch dabei. Mach mit über /exchange join.',
  pt: 'Você não está no intercâmbio de idiomas. Entre com /exchange join.',
  it: 'Non partecipi allo scambio linguistico. Unisciti con /exchange join.',
  tr: 'Dil değişiminde değilsin. /exchange join ile katıl.',
  ru: 'Вы не участвуете в языковом обмене. Присоединяйтесь командой /exchange join.',
  ja: '言語交換に参加していません。/exchange join で参加できます。',
  ko: '언어 교환에 참여하고 있지 않습니다. /exchange join으로 참여하세요.',
  zh: '你不在语言交换中。使用 /exchange join 加入。',
  ar: 'أنت لست في تبادل اللغات. انضم باستخدام /exchange join.',
  hi: 'आप भाषा विनिमय में नहीं हैं। /exchange join से जुड़ें।',
};

export const EXCHANGE_LEFT: Phrase = {
  en: '👋 You have left the language exchange.',
  es: '👋 Has salido del intercambio de idiomas.',
  fr: '👋 Vous avez quitté l’échange linguistique.',
  de: '👋 Du hast den Sprachtausch verlassen.',
  pt: '👋 Você saiu do intercâmbio de idiomas.',
  it: '👋 Hai lasciato lo scambio linguistico.',
  tr: '👋 Dil değişiminden ayrıldın.',
  ru: '👋 Вы вышли из языкового обмена.',
  ja: '👋 言語交換から退出しました。',
  ko: '👋 언어 교환에서 나왔습니다.',
  zh: '👋 你已退出语言交换。',
  ar: '👋 لقد غادرت تبادل اللغات.',
  hi: '👋 आपने भाषा विनिमय छोड़ दिया है।',
};

export const EXCHANGE_STATUS_WAITING: Phrase = {
  en: '⏳ Waiting for a partner since {since}. You speak {native} and learn {learning}.',
  es: '⏳ Esperando pareja desde {since}. Hablas {native} y aprendes {learning}.',
  fr: '⏳ En attente d’un partenaire depuis {since}. Vous parlez {native} et apprenez {learning}.',
  de: '⏳ Wartet auf einen Partner seit {since}. Du sprichst {native} und lernst {learning}.',
  pt: '⏳ Esperando um parceiro desde {since}. Você fala {native} e aprende {learning}.',
  it: '⏳ In attesa di un partner da {since}. Parli {native} e impari {learning}.',
  tr: '⏳ {since} beri partner bekleniyor. {native} konuşuyor ve {learning} öğreniyorsun.',
  ru: '⏳ Ожидание партнёра с {since}. Вы говорите на языке {native} и изучаете {learning}.',
  ja: '⏳ {since} からパートナーを待っています。話す言語：{native}、学ぶ言語：{learning}。',
  ko: '⏳ {since}부터 파트너를 기다리는 중입니다. 말하는 언어: {native}, 배우는 언어: {learning}.',
  zh: '⏳ 自 {since} 起等待搭档。你说 {native}，在学 {learning}。',
  ar: '⏳ في انتظار شريك منذ {since}. تتحدث {native} وتتعلم {learning}.',
  hi: '⏳ {since} से साथी की प्रतीक्षा है। आप {native} बोलते हैं और {learning} सीखते हैं।',
};

export const EXCHANGE_STATUS_PAIRED: Phrase = {
  en: '🤝 Your partner: {partner}, since {since}. You speak {native} and learn {learning}.',
  es: '🤝 Tu pareja: {partner}, desde {since}. Hablas {native} y aprendes {learning}.',
  fr: '🤝 Votre partenaire : {partner}, depuis {since}. Vous parlez {native} et apprenez {learning}.',
  de: '🤝 Dein Partner: {partner}, seit {since}. Du sprichst {native} und lernst {learning}.',
  pt: '🤝 Seu parceiro: {partner}, desde {since}. Você fala {native} e aprende {learning}.',
  it: '🤝 Il tuo partner: {partner}, da {since}. Parli {native} e impari {learning}.',
  tr: '🤝 Partnerin: {partner}, {since} beri. {native} konuşuyor ve {learning} öğreniyorsun.',
  ru: '🤝 Ваш партнёр: {partner}, с {since}. Вы говорите на языке {native} и изучаете {learning}.',
  ja: '🤝 パートナー：{partner}（{since} から）。話す言語：{native}、学ぶ言語：{learning}。',
  ko: '🤝 파트너: {partner} ({since}부터). 말하는 언어: {native}, 배우는 언어: {learning}.',
  zh: '🤝 你的搭档：{partner}，自 {since} 起。你说 {native}，在学 {learning}。',
  ar: '🤝 شريكك: {partner}، منذ {since}. تتحدث {native} وتتعلم {learning}.',
  hi: '🤝 आपका साथी: {partner}, {since} से। आप {native} बोलते हैं और {learning} सीखते हैं।',
};

export const EXCHANGE_NEXT: Phrase = {
  en: '🔄 Your exchange with {partner} has ended. You are waiting for someone new.',
  es: '🔄 Tu intercambio con {partner} ha terminado. Esperas a alguien nuevo.',
  fr: '🔄 Votre échange avec {partner} est terminé. Vous attendez quelqu’un de nouveau.',
  de: '🔄 Dein Tausch mit {partner} ist beendet. Du wartest auf jemand Neues.',
  pt: '🔄 Seu intercâmbio com {partner} terminou. Você está esperando alguém novo.',
  it: '🔄 Il tuo scambio con {partner} è terminato. Stai aspettando qualcuno di nuovo.',
  tr: '🔄 {partner} ile değişimin sona erdi. Yeni birini bekliyorsun.',
  ru: '🔄 Ваш обмен с {partner} завершён. Вы ждёте нового партнёра.',
  ja: '🔄 {partner} さんとの交換を終了しました。新しいパートナーを待っています。',
  ko: '🔄 {partner} 님과의 교환이 끝났습니다. 새 파트너를 기다리는 중입니다.',
  zh: '🔄 你与 {partner} 的交换已结束。正在等待新的搭档。',
  ar: '🔄 انتهى تبادلك مع {partner}. أنت في انتظار شريك جديد.',
  hi: '🔄 {partner} के साथ आपका विनिमय समाप्त हो गया। आप किसी नए साथी की प्रतीक्षा कर रहे हैं।',
};

export const EXCHANGE_NO_PARTNER: Phrase = {
  en: 'You have no partner to change yet: you are waiting since {since}.',
  es: 'Aún no tienes pareja que cambiar: esperas desde {since}.',
  fr: 'Vous n’avez pas encore de partenaire à changer : vous attendez depuis {since}.',
  de: 'Du hast noch keinen Partner zum Wechseln: Du wartest seit {since}.',
  pt: 'Você ainda não tem parceiro para trocar: está esperando desde {since}.',
  it: 'Non hai ancora un partner da cambiare: aspetti da {since}.',
  tr: 'Henüz değiştirecek bir partnerin yok: {since} beri bekliyorsun.',
  ru: 'У вас пока нет партнёра, которого можно сменить: вы ждёте с {since}.',
  ja: 'まだ交代するパートナーがいません：{since} から待っています。',
  ko: '아직 바꿀 파트너가 없습니다: {since}부터 기다리는 중입니다.',
  zh: '你还没有可更换的搭档：自 {since} 起在等待。',
  ar: 'ليس لديك شريك لتغييره بعد: أنت في الانتظار منذ {since}.',
  hi: 'अभी बदलने के लिए कोई साथी नहीं है: आप {since} से प्रतीक्षा कर रहे हैं।',
};

/** The pair's partner left or asked for another: the one who stays is told. */
export const EXCHANGE_PARTNER_GONE: Phrase = {
  en: '🔄 Your language exchange with {partner} on {server} has ended. You are back in the queue and will be told when someone new is found.',
  es: '🔄 Tu intercambio de idiomas con {partner} en {server} ha terminado. Vuelves a la cola y te avisaré cuando haya alguien nuevo.',
  fr: '🔄 Votre échange linguistique avec {partner} sur {server} est terminé. Vous êtes de retour dans la file et serez prévenu dès qu’un nouveau partenaire sera trouvé.',
  de: '🔄 Dein Sprachtausch mit {partner} auf {server} ist beendet. Du bist wieder in der Warteschlange und erfährst es, sobald jemand Neues gefunden ist.',
  pt: '🔄 Seu intercâmbio com {partner} em {server} terminou. Você voltou à fila e será avisado quando houver alguém novo.',
  it: '🔄 Il tuo scambio linguistico con {partner} su {server} è terminato. Sei di nuovo in coda e ti avviserò quando troverò qualcuno di nuovo.',
  tr: '🔄 {server} sunucusundaki {partner} ile dil değişimin sona erdi. Tekrar sıradasın; yeni biri bulununca haber vereceğim.',
  ru: '🔄 Ваш языковой обмен с {partner} на {server} завершён. Вы снова в очереди, и я сообщу, когда найдётся новый партнёр.',
  ja: '🔄 {server} での {partner} さんとの言語交換は終了しました。待機リストに戻りました。新しいパートナーが見つかったらお知らせします。',
  ko: '🔄 {server}에서 {partner} 님과의 언어 교환이 끝났습니다. 다시 대기열에 들어갔으며 새 파트너를 찾으면 알려 드릴게요.',
  zh: '🔄 你在 {server} 与 {partner} 的语言交换已结束。你已回到等待队列，找到新搭档时会通知你。',
  ar: '🔄 انتهى تبادل اللغات مع {partner} على {server}. عدت إلى قائمة الانتظار وسأخبرك عند العثور على شريك جديد.',
  hi: '🔄 {server} पर {partner} के साथ आपका भाषा विनिमय समाप्त हो गया। आप फिर से कतार में हैं; नया साथी मिलते ही बताया जाएगा।',
};

/** The partner could not be told (DMs closed, no thread): the member who ran the command is asked to reach out. */
export const EXCHANGE_PARTNER_NO_DM: Phrase = {
  en: 'I could not reach {partner} by direct message (their DMs are closed): say hello to them yourself in the server.',
  es: 'No pude contactar a {partner} por mensaje directo (tiene los MD cerrados): salúdale tú en el servidor.',
  fr: 'Je n’ai pas pu joindre {partner} en message privé (ses MP sont fermés) : saluez-le vous-même sur le serveur.',
  de: 'Ich konnte {partner} nicht per Direktnachricht erreichen (DMs geschlossen): Sag selbst auf dem Server hallo.',
  pt: 'Não consegui falar com {partner} por mensagem direta (as DMs estão fechadas): cumprimente-o você mesmo no servidor.',
  it: 'Non sono riuscito a contattare {partner} in messaggio diretto (DM chiusi): salutalo tu nel server.',
  tr: '{partner} kişisine doğrudan mesajla ulaşamadım (DM’leri kapalı): sunucuda ona sen merhaba de.',
  ru: 'Не удалось написать {partner} в личные сообщения (ЛС закрыты): поздоровайтесь с ним сами на сервере.',
  ja: '{partner} さんに DM を送れませんでした（DM が閉じられています）。サーバーであなたから挨拶してください。',
  ko: '{partner} 님에게 DM을 보낼 수 없었습니다(DM이 닫혀 있음). 서버에서 직접 인사해 주세요.',
  zh: '无法私信联系 {partner}（对方关闭了私信）：请在服务器里主动打个招呼。',
  ar: 'لم أتمكن من مراسلة {partner} برسالة خاصة (رسائله الخاصة مغلقة): ألقِ عليه التحية بنفسك في الخادم.',
  hi: 'मैं {partner} को डायरेक्ट मैसेज नहीं भेज सका (उनके DM बंद हैं): सर्वर में खुद उन्हें नमस्ते कहिए।',
};
