import type { LangText } from './schema';

/**
 * The words of the demo server (db/demo.ts): members, tickets, announcements, polls, learners.
 * Hand-written in several languages so the dashboard reads like a real international community.
 */

export const DEMO_GUILD_NAME = 'Polyglot Café (demo)';

/** name, native language; the first ones are the most active (translation volume falls off). */
export const MEMBERS: [name: string, language: string][] = [
  ['sofia.martinez', 'es'],
  ['liam_carter', 'en'],
  ['chloe.dubois', 'fr'],
  ['jonas.weber', 'de'],
  ['ava.thompson', 'en'],
  ['mateo_rossi', 'es'],
  ['yuki.tanaka', 'ja'],
  ['lucas.silva', 'pt'],
  ['emma_wilson', 'en'],
  ['camille.laurent', 'fr'],
  ['noah.brown', 'en'],
  ['valentina_gomez', 'es'],
  ['felix.schmidt', 'de'],
  ['beatriz.santos', 'pt'],
  ['oliver.jones', 'en'],
  ['ines.moreau', 'fr'],
  ['diego.fernandez', 'es'],
  ['mia.davis', 'en'],
  ['min-jun.kim', 'ko'],
  ['anna.ivanova', 'ru'],
];

/** Targets of translations and how often each is asked for. */
export const TARGET_WEIGHTS: [language: string, weight: number][] = [
  ['en', 5],
  ['es', 3],
  ['fr', 2],
  ['de', 1.5],
  ['pt', 1],
  ['ja', 0.6],
];

/** Share of the day's traffic per UTC hour: quiet at night, busy in the evening. */
export const HOUR_WEIGHTS = [
  3, 2, 1.5, 1, 1, 1, 1.5, 2.5, 4, 5, 6, 6.5, 7, 7, 6.5, 6.5, 7, 8, 9, 10, 10, 9, 7, 5,
];

/** Monday first: weekends are busier. */
export const WEEKDAY_FACTORS = [0.9, 0.95, 1, 1, 1.1, 1.3, 1.25];

export const WELCOME_MESSAGES: LangText = {
  en: 'Welcome {user}! Set your language with /setlanguage and say hi in #general-en.',
  es: '¡Bienvenido {user}! Elige tu idioma con /setlanguage y saluda en #general-es.',
  fr: 'Bienvenue {user} ! Choisis ta langue avec /setlanguage et dis bonjour dans #general-fr.',
  de: 'Willkommen {user}! Wähle deine Sprache mit /setlanguage und sag Hallo in #general-de.',
};

export interface DemoAnnouncement {
  daysAgo: number;
  status: 'draft' | 'posted';
  text: string;
  translations: LangText;
}

export const ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    daysAgo: 12,
    status: 'posted',
    text: 'Welcome to our new multilingual server! Every message in the general channels is now translated automatically.',
    translations: {
      es: '¡Bienvenidos a nuestro nuevo servidor multilingüe! Cada mensaje de los canales generales ahora se traduce automáticamente.',
      fr: 'Bienvenue sur notre nouveau serveur multilingue ! Chaque message des salons généraux est désormais traduit automatiquement.',
      de: 'Willkommen auf unserem neuen mehrsprachigen Server! Jede Nachricht in den allgemeinen Kanälen wird jetzt automatisch übersetzt.',
    },
  },
  {
    daysAgo: 4,
    status: 'posted',
    text: 'Game night this Saturday at 19:00 UTC. Vote for the game in the poll!',
    translations: {
      es: 'Noche de juegos este sábado a las 19:00 UTC. ¡Vota por el juego en la encuesta!',
      fr: 'Soirée jeux ce samedi à 19 h UTC. Votez pour le jeu dans le sondage !',
      de: 'Spieleabend diesen Samstag um 19:00 UTC. Stimmt in der Umfrage für das Spiel ab!',
    },
  },
  {
    daysAgo: 0,
    status: 'draft',
    text: 'Server maintenance on Friday at 22:00 UTC: the bot will be offline for about ten minutes.',
    translations: {
      es: 'Mantenimiento del servidor el viernes a las 22:00 UTC: el bot estará desconectado unos diez minutos.',
      fr: 'Maintenance du serveur vendredi à 22 h UTC : le bot sera hors ligne une dizaine de minutes.',
      de: 'Serverwartung am Freitag um 22:00 UTC: Der Bot ist etwa zehn Minuten offline.',
    },
  },
];

export interface DemoTicketMessage {
  staff: boolean;
  /** Minutes after the ticket was opened. */
  after: number;
  /** The text in the writer's language, then its translation. */
  original: string;
  translation?: string;
}

export interface DemoTicket {
  member: number;
  status: 'open' | 'in_progress' | 'resolved' | 'closed';
  priority: 'low' | 'medium' | 'high' | 'urgent';
  category: string;
  hoursAgo: number;
  subject: LangText;
  description: LangText;
  messages: DemoTicketMessage[];
}

export const TICKETS: DemoTicket[] = [
  {
    member: 0,
    status: 'open',
    priority: 'high',
    category: 'setup',
    hoursAgo: 3,
    subject: { es: 'No puedo vincular canales', en: 'I cannot link channels' },
    description: {
      es: 'Al crear un enlace entre #general-es y #general-en aparece un error de permisos.',
      en: 'When I create a link between #general-es and #general-en a permissions error appears.',
    },
    messages: [
      {
        staff: false,
        after: 0,
        original: 'El error dice que el bot no puede gestionar webhooks.',
        translation: 'The error says the bot cannot manage webhooks.',
      },
    ],
  },
  {
    member: 2,
    status: 'open',
    priority: 'medium',
    category: 'translation',
    hoursAgo: 9,
    subject: { fr: 'Traduction incorrecte d’une expression', en: 'Wrong translation of an idiom' },
    description: {
      fr: '« Il pleut des cordes » a été traduit mot à mot en anglais.',
      en: '"Il pleut des cordes" was translated word for word into English.',
    },
    messages: [],
  },
  {
    member: 3,
    status: 'in_progress',
    priority: 'urgent',
    category: 'bug',
    hoursAgo: 20,
    subject: { de: 'Bot antwortet nicht mehr', en: 'Bot no longer responds' },
    description: {
      de: 'Seit heute Morgen übersetzt der Bot in #general-de nichts mehr.',
      en: 'Since this morning the bot no longer translates anything in #general-de.',
    },
    messages: [
      {
        staff: false,
        after: 0,
        original: 'Andere Kanäle funktionieren, nur #general-de nicht.',
        translation: 'Other channels work, only #general-de does not.',
      },
      {
        staff: true,
        after: 35,
        original: 'Thanks for the report! Could you check that the bot can still see #general-de?',
        translation: 'Danke für die Meldung! Kannst du prüfen, ob der Bot #general-de noch sehen kann?',
      },
      {
        staff: false,
        after: 80,
        original: 'Jemand hat die Rolle des Bots aus dem Kanal entfernt. Ich habe sie wieder hinzugefügt.',
        translation: "Someone removed the bot's role from the channel. I added it back.",
      },
    ],
  },
  {
    member: 6,
    status: 'in_progress',
    priority: 'medium',
    category: 'roles',
    hoursAgo: 30,
    subject: { ja: 'リアクションロールが付与されない', en: 'Reaction role is not assigned' },
    description: {
      ja: '🇯🇵 に反応してもロールがもらえません。',
      en: 'I do not get the role when I react with 🇯🇵.',
    },
    messages: [
      {
        staff: true,
        after: 50,
        original: 'We are looking into it. The bot role must be above the language roles.',
        translation: '調査中です。ボットのロールは言語ロールより上にある必要があります。',
      },
    ],
  },
  {
    member: 7,
    status: 'resolved',
    priority: 'low',
    category: 'question',
    hoursAgo: 60,
    subject: { pt: 'Como mudar o meu idioma?', en: 'How do I change my language?' },
    description: {
      pt: 'Configurei inglês por engano e quero receber traduções em português.',
      en: 'I set English by mistake and want to receive translations in Portuguese.',
    },
    messages: [
      {
        staff: true,
        after: 20,
        original: 'Use /setlanguage again and choose Portuguese. It takes effect immediately.',
        translation: 'Use /setlanguage novamente e escolha português. A mudança é imediata.',
      },
      { staff: false, after: 45, original: 'Funcionou, obrigado!', translation: 'It worked, thank you!' },
    ],
  },
  {
    member: 1,
    status: 'resolved',
    priority: 'medium',
    category: 'billing',
    hoursAgo: 100,
    subject: { en: 'Invoice for the Pro plan' },
    description: { en: 'Where can I download the invoice for last month?' },
    messages: [
      {
        staff: true,
        after: 90,
        original: 'Invoices are emailed by our payment processor; I have re-sent last month’s to you.',
      },
    ],
  },
  {
    member: 18,
    status: 'closed',
    priority: 'low',
    category: 'voice',
    hoursAgo: 150,
    subject: { ko: '음성 번역은 어떻게 시작하나요?', en: 'How do I start voice translation?' },
    description: {
      ko: '음성 채널에서 번역을 켜는 방법을 알려주세요.',
      en: 'Please tell me how to turn on translation in a voice channel.',
    },
    messages: [
      {
        staff: true,
        after: 120,
        original: 'Join a voice channel, choose the two languages in the dashboard, then start the session.',
        translation: '음성 채널에 들어가서 대시보드에서 두 언어를 고른 다음 세션을 시작하세요.',
      },
    ],
  },
  {
    member: 19,
    status: 'closed',
    priority: 'high',
    category: 'moderation',
    hoursAgo: 200,
    subject: { ru: 'Спам в канале', en: 'Spam in the channel' },
    description: {
      ru: 'Кто-то рассылает ссылки на «бесплатный Nitro» в #general-en.',
      en: 'Someone is posting "free Nitro" links in #general-en.',
    },
    messages: [
      {
        staff: false,
        after: 0,
        original: 'Уже три сообщения за минуту.',
        translation: 'Already three messages in a minute.',
      },
      {
        staff: true,
        after: 15,
        original: 'Thanks! Scam detection removed them and the account is timed out.',
        translation: 'Спасибо! Обнаружение мошенничества удалило их, а аккаунт получил тайм-аут.',
      },
    ],
  },
];

export interface DemoPoll {
  question: LangText;
  options: LangText[];
  allowMultiple: boolean;
  active: boolean;
  daysAgo: number;
}

export const POLLS: DemoPoll[] = [
  {
    question: {
      en: 'Which game should we play on Saturday?',
      es: '¿A qué juego jugamos el sábado?',
      fr: 'À quel jeu jouons-nous samedi ?',
    },
    options: [
      { en: 'Minecraft', es: 'Minecraft', fr: 'Minecraft' },
      { en: 'Among Us', es: 'Among Us', fr: 'Among Us' },
      { en: 'Board games', es: 'Juegos de mesa', fr: 'Jeux de société' },
    ],
    allowMultiple: false,
    active: true,
    daysAgo: 4,
  },
  {
    question: {
      en: 'Which language channels should we add next?',
      es: '¿Qué canales de idioma añadimos después?',
      fr: 'Quels salons de langue ajouter ensuite ?',
    },
    options: [
      { en: 'Italian', es: 'Italiano', fr: 'Italien' },
      { en: 'Japanese', es: 'Japonés', fr: 'Japonais' },
      { en: 'Korean', es: 'Coreano', fr: 'Coréen' },
      { en: 'Turkish', es: 'Turco', fr: 'Turc' },
    ],
    allowMultiple: true,
    active: true,
    daysAgo: 9,
  },
  {
    question: {
      en: 'Best time for community events?',
      es: '¿Mejor hora para los eventos?',
      fr: 'Meilleure heure pour les événements ?',
    },
    options: [
      { en: '17:00 UTC', es: '17:00 UTC', fr: '17 h UTC' },
      { en: '19:00 UTC', es: '19:00 UTC', fr: '19 h UTC' },
      { en: '21:00 UTC', es: '21:00 UTC', fr: '21 h UTC' },
    ],
    allowMultiple: false,
    active: false,
    daysAgo: 20,
  },
];

/** member index, language learned, level. */
export const LEARNERS: [member: number, learning: string, level: 'beginner' | 'intermediate' | 'advanced'][] =
  [
    [1, 'es', 'intermediate'],
    [0, 'en', 'advanced'],
    [4, 'fr', 'beginner'],
    [2, 'es', 'intermediate'],
    [3, 'es', 'beginner'],
    [6, 'en', 'intermediate'],
    [8, 'ja', 'beginner'],
    [7, 'en', 'advanced'],
    [10, 'de', 'beginner'],
    [5, 'fr', 'intermediate'],
    [14, 'pt', 'beginner'],
    [9, 'de', 'advanced'],
    [18, 'en', 'intermediate'],
    [17, 'ko', 'beginner'],
  ];

export const MODERATION_SAMPLES: [
  type: 'spam' | 'filter' | 'scam' | 'toxicity',
  message: string,
  action: string,
  rule: string,
  language: string,
][] = [
  ['spam', 'JOIN NOW JOIN NOW JOIN NOW', 'deleted', 'repeated message', 'en'],
  ['scam', 'Free Nitro for everyone: dlscord-gift.com/claim', 'deleted', 'look-alike domain', 'en'],
  ['filter', 'eres un іdіоtа', 'deleted', 'banned word', 'es'],
  ['toxicity', 'personne ne veut de toi ici, dégage', 'reported', 'harassment', 'fr'],
  ['spam', 'join my server discord.gg/…', 'deleted, timed out', 'invite link', 'de'],
  ['scam', 'бесплатный нитро тут https://discord-nitro.gift/…', 'deleted', 'gift lure', 'ru'],
  ['filter', 'お前はバカだ', 'reported', 'banned word', 'ja'],
];
