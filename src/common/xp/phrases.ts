import type { Phrase } from '../phrases';

/** What leveling says to members: level-ups, /rank and /leaderboard. */

export const LEVEL_UP: Phrase = {
  en: '🎉 {user} reached **level {level}**! Keep talking.',
  es: '🎉 ¡{user} ha llegado al **nivel {level}**! Sigue así.',
  fr: '🎉 {user} a atteint le **niveau {level}** ! Continue comme ça.',
  de: '🎉 {user} hat **Level {level}** erreicht! Weiter so.',
  pt: '🎉 {user} chegou ao **nível {level}**! Continue assim.',
  it: '🎉 {user} ha raggiunto il **livello {level}**! Continua così.',
  tr: '🎉 {user} **{level}. seviyeye** ulaştı! Böyle devam.',
  ru: '🎉 {user} достиг **уровня {level}**! Так держать.',
  ja: '🎉 {user} が **レベル {level}** に到達しました!この調子で。',
  ko: '🎉 {user}님이 **레벨 {level}**에 도달했습니다! 계속 이야기해요.',
  zh: '🎉 {user} 升到了 **{level} 级**!继续加油。',
  ar: '🎉 وصل {user} إلى **المستوى {level}**! واصل الحديث.',
  hi: '🎉 {user} **लेवल {level}** पर पहुँच गए! बातचीत जारी रखें।',
};

export const RANK_CARD: Phrase = {
  en: '**{name}** · Level **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP to level {next}\nRank **#{rank}** of {members}',
  es: '**{name}** · Nivel **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP para el nivel {next}\nPuesto **#{rank}** de {members}',
  fr: '**{name}** · Niveau **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP avant le niveau {next}\nRang **#{rank}** sur {members}',
  de: '**{name}** · Level **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP bis Level {next}\nPlatz **#{rank}** von {members}',
  pt: '**{name}** · Nível **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP para o nível {next}\nPosição **#{rank}** de {members}',
  it: '**{name}** · Livello **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP al livello {next}\nPosizione **#{rank}** su {members}',
  tr: '**{name}** · Seviye **{level}** · {xp} XP\n`{bar}` {next}. seviyeye {into} / {needed} XP\nSıralama **#{rank}** / {members}',
  ru: '**{name}** · Уровень **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP до уровня {next}\nМесто **#{rank}** из {members}',
  ja: '**{name}** · レベル **{level}** · {xp} XP\n`{bar}` レベル {next} まで {into} / {needed} XP\n順位 **#{rank}** / {members}',
  ko: '**{name}** · 레벨 **{level}** · {xp} XP\n`{bar}` 레벨 {next}까지 {into} / {needed} XP\n순위 **#{rank}** / {members}',
  zh: '**{name}** · 等级 **{level}** · {xp} XP\n`{bar}` 距 {next} 级 {into} / {needed} XP\n排名 **#{rank}** / {members}',
  ar: '**{name}** · المستوى **{level}** · {xp} XP\n`{bar}` {into} / {needed} XP للمستوى {next}\nالترتيب **#{rank}** من {members}',
  hi: '**{name}** · लेवल **{level}** · {xp} XP\n`{bar}` लेवल {next} तक {into} / {needed} XP\nरैंक **#{rank}** / {members}',
};

export const NO_XP_YET: Phrase = {
  en: '**{name}** has no XP yet: talk in the server to earn some (once a minute).',
  es: '**{name}** aún no tiene XP: habla en el servidor para ganarla (una vez por minuto).',
  fr: '**{name}** n’a pas encore d’XP : parle sur le serveur pour en gagner (une fois par minute).',
  de: '**{name}** hat noch keine XP: schreib auf dem Server, um welche zu sammeln (einmal pro Minute).',
  pt: '**{name}** ainda não tem XP: converse no servidor para ganhar (uma vez por minuto).',
  it: '**{name}** non ha ancora XP: scrivi nel server per guadagnarne (una volta al minuto).',
  tr: '**{name}** henüz XP kazanmadı: kazanmak için sunucuda yaz (dakikada bir).',
  ru: 'У **{name}** пока нет XP: общайтесь на сервере, чтобы получать его (раз в минуту).',
  ja: '**{name}** はまだ XP がありません。サーバーで話すと獲得できます(1分に1回)。',
  ko: '**{name}**님은 아직 XP가 없습니다. 서버에서 대화하면 얻을 수 있어요(1분에 한 번).',
  zh: '**{name}** 还没有 XP:在服务器里发言即可获得(每分钟一次)。',
  ar: 'لا يملك **{name}** أي XP بعد: تحدّث في الخادم لكسبها (مرة كل دقيقة).',
  hi: '**{name}** के पास अभी कोई XP नहीं है: कमाने के लिए सर्वर में बात करें (हर मिनट एक बार)।',
};

export const LEADERBOARD_TITLE: Phrase = {
  en: '🏆 **Leaderboard**',
  es: '🏆 **Clasificación**',
  fr: '🏆 **Classement**',
  de: '🏆 **Bestenliste**',
  pt: '🏆 **Classificação**',
  it: '🏆 **Classifica**',
  tr: '🏆 **Liderlik tablosu**',
  ru: '🏆 **Таблица лидеров**',
  ja: '🏆 **ランキング**',
  ko: '🏆 **리더보드**',
  zh: '🏆 **排行榜**',
  ar: '🏆 **لوحة الصدارة**',
  hi: '🏆 **लीडरबोर्ड**',
};

export const LEADERBOARD_LINE: Phrase = {
  en: '**{rank}.** {name} · level {level} · {xp} XP',
  es: '**{rank}.** {name} · nivel {level} · {xp} XP',
  fr: '**{rank}.** {name} · niveau {level} · {xp} XP',
  de: '**{rank}.** {name} · Level {level} · {xp} XP',
  pt: '**{rank}.** {name} · nível {level} · {xp} XP',
  it: '**{rank}.** {name} · livello {level} · {xp} XP',
  tr: '**{rank}.** {name} · seviye {level} · {xp} XP',
  ru: '**{rank}.** {name} · уровень {level} · {xp} XP',
  ja: '**{rank}.** {name} · レベル {level} · {xp} XP',
  ko: '**{rank}.** {name} · 레벨 {level} · {xp} XP',
  zh: '**{rank}.** {name} · {level} 级 · {xp} XP',
  ar: '**{rank}.** {name} · المستوى {level} · {xp} XP',
  hi: '**{rank}.** {name} · लेवल {level} · {xp} XP',
};

export const YOUR_PLACE: Phrase = {
  en: 'Your place: **#{rank}** of {members}',
  es: 'Tu puesto: **#{rank}** de {members}',
  fr: 'Ta place : **#{rank}** sur {members}',
  de: 'Dein Platz: **#{rank}** von {members}',
  pt: 'Sua posição: **#{rank}** de {members}',
  it: 'La tua posizione: **#{rank}** su {members}',
  tr: 'Senin sıran: **#{rank}** / {members}',
  ru: 'Ваше место: **#{rank}** из {members}',
  ja: 'あなたの順位: **#{rank}** / {members}',
  ko: '내 순위: **#{rank}** / {members}',
  zh: '你的排名:**#{rank}** / {members}',
  ar: 'ترتيبك: **#{rank}** من {members}',
  hi: 'आपकी जगह: **#{rank}** / {members}',
};

export const LEADERBOARD_EMPTY: Phrase = {
  en: 'Nobody has earned XP yet. Talk in the server to be the first!',
  es: 'Nadie ha ganado XP todavía. ¡Habla en el servidor y sé el primero!',
  fr: 'Personne n’a encore gagné d’XP. Parle sur le serveur pour être le premier !',
  de: 'Noch niemand hat XP gesammelt. Schreib auf dem Server und sei der Erste!',
  pt: 'Ninguém ganhou XP ainda. Converse no servidor e seja o primeiro!',
  it: 'Nessuno ha ancora guadagnato XP. Scrivi nel server e sii il primo!',
  tr: 'Henüz kimse XP kazanmadı. Sunucuda yaz ve ilk sen ol!',
  ru: 'Пока никто не получил XP. Напишите на сервере и станьте первым!',
  ja: 'まだ誰も XP を獲得していません。サーバーで話して一番乗りしましょう!',
  ko: '아직 아무도 XP를 얻지 않았습니다. 서버에서 대화하고 첫 번째가 되어 보세요!',
  zh: '还没有人获得 XP。在服务器里发言,成为第一个吧!',
  ar: 'لم يكسب أحد XP بعد. تحدّث في الخادم وكن الأول!',
  hi: 'अभी तक किसी ने XP नहीं कमाया। सर्वर में बात करें और पहले बनें!',
};

export const LEVELING_OFF: Phrase = {
  en: 'Leveling is switched off on this server. An admin can switch it on in the dashboard settings.',
  es: 'Los niveles están desactivados en este servidor. Un administrador puede activarlos en los ajustes del panel.',
  fr: 'Les niveaux sont désactivés sur ce serveur. Un administrateur peut les activer dans les paramètres du tableau de bord.',
  de: 'Level sind auf diesem Server ausgeschaltet. Ein Admin kann sie in den Dashboard-Einstellungen einschalten.',
  pt: 'Os níveis estão desativados neste servidor. Um administrador pode ativá-los nas configurações do painel.',
  it: 'I livelli sono disattivati su questo server. Un amministratore può attivarli nelle impostazioni della dashboard.',
  tr: 'Bu sunucuda seviye sistemi kapalı. Bir yönetici panel ayarlarından açabilir.',
  ru: 'Уровни на этом сервере выключены. Администратор может включить их в настройках панели.',
  ja: 'このサーバーではレベル機能がオフです。管理者がダッシュボードの設定でオンにできます。',
  ko: '이 서버에서는 레벨 기능이 꺼져 있습니다. 관리자가 대시보드 설정에서 켤 수 있습니다.',
  zh: '本服务器已关闭等级功能。管理员可以在控制面板设置中开启。',
  ar: 'نظام المستويات متوقف في هذا الخادم. يمكن للمسؤول تشغيله من إعدادات لوحة التحكم.',
  hi: 'इस सर्वर पर लेवलिंग बंद है। एडमिन डैशबोर्ड सेटिंग में इसे चालू कर सकते हैं।',
};
