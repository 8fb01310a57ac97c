import type { Phrase } from '../phrases';

/** What the bot tells a member when their ticket has been quiet too long (auto-close). */

/** The warning posted in the ticket some hours before it is closed; any reply cancels it. */
export const TICKET_AUTO_CLOSE_WARNING: Phrase = {
  en: '⏳ Ticket #{id} has had no activity for a while. It will be closed automatically in {hours} hours unless someone writes here.',
  es: '⏳ El ticket #{id} lleva un tiempo sin actividad. Se cerrará automáticamente en {hours} horas si nadie escribe aquí.',
  fr: '⏳ Le ticket #{id} est inactif depuis un moment. Il sera fermé automatiquement dans {hours} heures si personne n’écrit ici.',
  de: '⏳ Ticket #{id} ist seit einer Weile inaktiv. Es wird in {hours} Stunden automatisch geschlossen, wenn niemand hier schreibt.',
  pt: '⏳ O ticket #{id} está sem atividade há algum tempo. Ele será fechado automaticamente em {hours} horas se ninguém escrever aqui.',
  it: '⏳ Il ticket #{id} è inattivo da un po’. Verrà chiuso automaticamente tra {hours} ore se nessuno scrive qui.',
  tr: '⏳ #{id} numaralı talepte bir süredir hareket yok. Kimse buraya yazmazsa {hours} saat sonra otomatik olarak kapatılacak.',
  ru: '⏳ В тикете #{id} давно нет активности. Он будет закрыт автоматически через {hours} ч., если никто здесь не напишет.',
  ja: '⏳ チケット #{id} はしばらく動きがありません。誰もここに書き込まなければ、{hours} 時間後に自動的にクローズされます。',
  ko: '⏳ 티켓 #{id} 에 한동안 활동이 없습니다. 아무도 여기에 글을 쓰지 않으면 {hours}시간 후 자동으로 닫힙니다.',
  zh: '⏳ 工单 #{id} 已有一段时间没有动静。如果没有人在这里回复，它将在 {hours} 小时后自动关闭。',
  ar: '⏳ لا نشاط في التذكرة #{id} منذ مدة. ستُغلق تلقائيًا بعد {hours} ساعة ما لم يكتب أحد هنا.',
  hi: '⏳ टिकट #{id} पर कुछ समय से कोई गतिविधि नहीं है। अगर यहाँ कोई नहीं लिखता तो यह {hours} घंटे में अपने आप बंद हो जाएगा।',
};

/** The close reason of an auto-closed ticket (stored in the support language, told in the member's). */
export const TICKET_AUTO_CLOSE_REASON: Phrase = {
  en: 'closed after {days} days without activity',
  es: 'cerrado tras {days} días sin actividad',
  fr: 'fermé après {days} jours sans activité',
  de: 'nach {days} Tagen ohne Aktivität geschlossen',
  pt: 'fechado após {days} dias sem atividade',
  it: 'chiuso dopo {days} giorni senza attività',
  tr: '{days} gün boyunca hareket olmadığı için kapatıldı',
  ru: 'закрыт после {days} дн. без активности',
  ja: '{days} 日間動きがなかったためクローズされました',
  ko: '{days}일 동안 활동이 없어 닫혔습니다',
  zh: '{days} 天无动静后关闭',
  ar: 'أُغلقت بعد {days} يومًا دون نشاط',
  hi: '{days} दिन तक कोई गतिविधि न होने पर बंद किया गया',
};
