import type { Phrase } from '../phrases';

/** What the bot tells a member when their ticket is closed with a reason, and the 1-5 rating after. */

/** The close announcement with the support team's reason (translated for the member). */
export const TICKET_CLOSED_WITH_REASON: Phrase = {
  en: '🔒 Ticket #{id} is closed. Reason: {reason}\nThis thread is now locked.',
  es: '🔒 El ticket #{id} está cerrado. Motivo: {reason}\nEste hilo queda bloqueado.',
  fr: '🔒 Le ticket #{id} est fermé. Motif : {reason}\nCe fil est maintenant verrouillé.',
  de: '🔒 Ticket #{id} ist geschlossen. Grund: {reason}\nDieser Thread ist jetzt gesperrt.',
  pt: '🔒 O ticket #{id} foi fechado. Motivo: {reason}\nEste tópico agora está bloqueado.',
  it: '🔒 Il ticket #{id} è chiuso. Motivo: {reason}\nQuesto thread ora è bloccato.',
  tr: '🔒 #{id} numaralı talep kapatıldı. Neden: {reason}\nBu başlık artık kilitli.',
  ru: '🔒 Тикет #{id} закрыт. Причина: {reason}\nЭта ветка заблокирована.',
  ja: '🔒 チケット #{id} はクローズされました。理由: {reason}\nこのスレッドはロックされています。',
  ko: '🔒 티켓 #{id} 이(가) 닫혔습니다. 사유: {reason}\n이 스레드는 잠겼습니다.',
  zh: '🔒 工单 #{id} 已关闭。原因：{reason}\n此帖已锁定。',
  ar: '🔒 أغلقت التذكرة #{id}. السبب: {reason}\nهذا الخيط مقفل الآن.',
  hi: '🔒 टिकट #{id} बंद हो गया है। कारण: {reason}\nयह थ्रेड अब लॉक है।',
};

/** The question under the close announcement, above five buttons (1 to 5). */
export const TICKET_RATE_ASK: Phrase = {
  en: '⭐ How did the support team do on ticket #{id}? Rate it from 1 (poor) to 5 (excellent).',
  es: '⭐ ¿Qué tal lo hizo el equipo de soporte con el ticket #{id}? Puntúalo de 1 (mal) a 5 (excelente).',
  fr: '⭐ Comment l’équipe d’assistance s’en est-elle sortie sur le ticket #{id} ? Note-la de 1 (mauvais) à 5 (excellent).',
  de: '⭐ Wie hat das Support-Team bei Ticket #{id} gearbeitet? Bewerte es von 1 (schlecht) bis 5 (ausgezeichnet).',
  pt: '⭐ Como a equipe de suporte se saiu no ticket #{id}? Avalie de 1 (ruim) a 5 (excelente).',
  it: '⭐ Come se l’è cavata il team di supporto con il ticket #{id}? Dai un voto da 1 (scarso) a 5 (eccellente).',
  tr: '⭐ Destek ekibi #{id} numaralı talepte nasıldı? 1 (kötü) ile 5 (mükemmel) arasında puan ver.',
  ru: '⭐ Как поддержка справилась с тикетом #{id}? Оцените от 1 (плохо) до 5 (отлично).',
  ja: '⭐ チケット #{id} のサポート対応はいかがでしたか？1（悪い）から5（とても良い）で評価してください。',
  ko: '⭐ 티켓 #{id} 에 대한 지원팀의 대응은 어땠나요? 1(나쁨)부터 5(훌륭함)까지 평가해 주세요.',
  zh: '⭐ 支持团队在工单 #{id} 上表现如何？请从 1（差）到 5（优秀）评分。',
  ar: '⭐ كيف كان أداء فريق الدعم في التذكرة #{id}؟ قيّمه من 1 (ضعيف) إلى 5 (ممتاز).',
  hi: '⭐ टिकट #{id} पर सपोर्ट टीम का काम कैसा रहा? 1 (खराब) से 5 (बेहतरीन) तक रेटिंग दें।',
};

export const TICKET_RATED: Phrase = {
  en: 'Thank you! You rated ticket #{id} {rating}/5.',
  es: '¡Gracias! Has puntuado el ticket #{id} con {rating}/5.',
  fr: 'Merci ! Tu as noté le ticket #{id} {rating}/5.',
  de: 'Danke! Du hast Ticket #{id} mit {rating}/5 bewertet.',
  pt: 'Obrigado! Você avaliou o ticket #{id} com {rating}/5.',
  it: 'Grazie! Hai valutato il ticket #{id} {rating}/5.',
  tr: 'Teşekkürler! #{id} numaralı talebe {rating}/5 puan verdin.',
  ru: 'Спасибо! Вы оценили тикет #{id} на {rating}/5.',
  ja: 'ありがとうございます！チケット #{id} を {rating}/5 と評価しました。',
  ko: '감사합니다! 티켓 #{id} 에 {rating}/5 점을 주셨습니다.',
  zh: '谢谢！你给工单 #{id} 评了 {rating}/5 分。',
  ar: 'شكرًا! قيّمت التذكرة #{id} بـ {rating}/5.',
  hi: 'धन्यवाद! आपने टिकट #{id} को {rating}/5 रेटिंग दी।',
};

export const TICKET_ALREADY_RATED: Phrase = {
  en: 'Ticket #{id} is already rated ({rating}/5); a ticket is rated once.',
  es: 'El ticket #{id} ya está puntuado ({rating}/5); un ticket se puntúa una sola vez.',
  fr: 'Le ticket #{id} est déjà noté ({rating}/5) ; un ticket ne se note qu’une fois.',
  de: 'Ticket #{id} ist schon bewertet ({rating}/5); ein Ticket wird nur einmal bewertet.',
  pt: 'O ticket #{id} já foi avaliado ({rating}/5); cada ticket é avaliado uma vez.',
  it: 'Il ticket #{id} è già stato valutato ({rating}/5); un ticket si valuta una volta sola.',
  tr: '#{id} numaralı talep zaten puanlandı ({rating}/5); bir talep yalnızca bir kez puanlanır.',
  ru: 'Тикет #{id} уже оценён ({rating}/5); тикет оценивают один раз.',
  ja: 'チケット #{id} はすでに評価済みです（{rating}/5）。評価は1回だけです。',
  ko: '티켓 #{id} 은(는) 이미 평가되었습니다({rating}/5). 평가는 한 번만 할 수 있습니다.',
  zh: '工单 #{id} 已评分（{rating}/5）；每个工单只能评分一次。',
  ar: 'التذكرة #{id} مقيّمة بالفعل ({rating}/5)؛ تُقيَّم التذكرة مرة واحدة.',
  hi: 'टिकट #{id} को पहले ही रेटिंग मिल चुकी है ({rating}/5); एक टिकट को एक बार ही रेट किया जाता है।',
};

export const TICKET_RATE_NOT_YOURS: Phrase = {
  en: 'Only the member who opened ticket #{id} can rate it.',
  es: 'Solo quien abrió el ticket #{id} puede puntuarlo.',
  fr: 'Seul le membre qui a ouvert le ticket #{id} peut le noter.',
  de: 'Nur wer Ticket #{id} geöffnet hat, kann es bewerten.',
  pt: 'Só quem abriu o ticket #{id} pode avaliá-lo.',
  it: 'Solo chi ha aperto il ticket #{id} può valutarlo.',
  tr: '#{id} numaralı talebi yalnızca açan üye puanlayabilir.',
  ru: 'Оценить тикет #{id} может только его автор.',
  ja: 'チケット #{id} を評価できるのは作成したメンバーだけです。',
  ko: '티켓 #{id} 은(는) 만든 멤버만 평가할 수 있습니다.',
  zh: '只有创建工单 #{id} 的成员可以评分。',
  ar: 'يمكن فقط للعضو الذي فتح التذكرة #{id} تقييمها.',
  hi: 'टिकट #{id} को केवल इसे खोलने वाला सदस्य रेट कर सकता है।',
};

export const TICKET_RATE_RANGE: Phrase = {
  en: 'A rating is a whole number from 1 to 5.',
  es: 'Una puntuación es un número entero del 1 al 5.',
  fr: 'Une note est un nombre entier de 1 à 5.',
  de: 'Eine Bewertung ist eine ganze Zahl von 1 bis 5.',
  pt: 'Uma avaliação é um número inteiro de 1 a 5.',
  it: 'Un voto è un numero intero da 1 a 5.',
  tr: 'Puan, 1 ile 5 arasında bir tam sayıdır.',
  ru: 'Оценка — целое число от 1 до 5.',
  ja: '評価は1から5までの整数です。',
  ko: '평가는 1부터 5까지의 정수입니다.',
  zh: '评分是 1 到 5 之间的整数。',
  ar: 'التقييم عدد صحيح من 1 إلى 5.',
  hi: 'रेटिंग 1 से 5 तक की पूर्ण संख्या होती है।',
};

export const TICKET_RATE_NOT_CLOSED: Phrase = {
  en: 'Ticket #{id} is open again; rate it once it is closed.',
  es: 'El ticket #{id} está abierto de nuevo; puntúalo cuando se cierre.',
  fr: 'Le ticket #{id} est de nouveau ouvert ; note-le une fois fermé.',
  de: 'Ticket #{id} ist wieder offen; bewerte es, wenn es geschlossen ist.',
  pt: 'O ticket #{id} foi reaberto; avalie-o quando for fechado.',
  it: 'Il ticket #{id} è di nuovo aperto; valutalo quando sarà chiuso.',
  tr: '#{id} numaralı talep yeniden açıldı; kapandığında puanla.',
  ru: 'Тикет #{id} снова открыт; оцените его после закрытия.',
  ja: 'チケット #{id} は再び開かれています。クローズ後に評価してください。',
  ko: '티켓 #{id} 이(가) 다시 열렸습니다. 닫힌 뒤에 평가해 주세요.',
  zh: '工单 #{id} 已重新打开；请在关闭后评分。',
  ar: 'أعيد فتح التذكرة #{id}؛ قيّمها بعد إغلاقها.',
  hi: 'टिकट #{id} फिर से खुल गया है; बंद होने के बाद रेट करें।',
};

/** The DM carrying the transcript (.txt) when the ticket closes. */
export const TICKET_TRANSCRIPT_DM: Phrase = {
  en: '📄 The transcript of your ticket #{id}: every message as it was written, with its translation beside it.',
  es: '📄 La transcripción de tu ticket #{id}: cada mensaje tal como se escribió, con su traducción al lado.',
  fr: '📄 La transcription de ton ticket #{id} : chaque message tel qu’il a été écrit, avec sa traduction à côté.',
  de: '📄 Das Protokoll deines Tickets #{id}: jede Nachricht so, wie sie geschrieben wurde, mit ihrer Übersetzung daneben.',
  pt: '📄 A transcrição do seu ticket #{id}: cada mensagem como foi escrita, com a tradução ao lado.',
  it: '📄 La trascrizione del tuo ticket #{id}: ogni messaggio come è stato scritto, con la traduzione accanto.',
  tr: '📄 #{id} numaralı talebinin dökümü: her mesaj yazıldığı gibi, yanında çevirisiyle.',
  ru: '📄 Расшифровка вашего тикета #{id}: каждое сообщение в исходном виде, рядом его перевод.',
  ja: '📄 チケット #{id} の記録です。各メッセージを書かれたとおりに、翻訳を添えて載せています。',
  ko: '📄 티켓 #{id} 의 기록입니다. 각 메시지를 작성된 그대로, 번역과 함께 담았습니다.',
  zh: '📄 你的工单 #{id} 的记录：每条消息保持原文，旁边附有译文。',
  ar: '📄 نص التذكرة #{id}: كل رسالة كما كُتبت، وبجانبها ترجمتها.',
  hi: '📄 आपके टिकट #{id} की प्रतिलिपि: हर संदेश जैसा लिखा गया था, साथ में उसका अनुवाद।',
};
