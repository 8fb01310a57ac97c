import type { Phrase } from '../phrases';

/** What a member is told about a case, in their language (DM, else a short mention). {reason} is translated. */

export const WARNED: Phrase = {
  en: '⚠️ You received a warning on **{server}**. Reason: {reason}',
  es: '⚠️ Has recibido una advertencia en **{server}**. Motivo: {reason}',
  fr: '⚠️ Tu as reçu un avertissement sur **{server}**. Raison : {reason}',
  de: '⚠️ Du hast auf **{server}** eine Verwarnung erhalten. Grund: {reason}',
  pt: '⚠️ Você recebeu um aviso em **{server}**. Motivo: {reason}',
  it: '⚠️ Hai ricevuto un avvertimento su **{server}**. Motivo: {reason}',
  tr: '⚠️ **{server}** sunucusunda bir uyarı aldın. Sebep: {reason}',
  ru: '⚠️ Вы получили предупреждение на сервере **{server}**. Причина: {reason}',
  ja: '⚠️ **{server}** で警告を受けました。理由: {reason}',
  ko: '⚠️ **{server}**에서 경고를 받았습니다. 사유: {reason}',
  zh: '⚠️ 你在 **{server}** 收到了一次警告。原因：{reason}',
  ar: '⚠️ تلقيت تحذيرًا في **{server}**. السبب: {reason}',
  hi: '⚠️ आपको **{server}** पर चेतावनी मिली है। कारण: {reason}',
};

export const TIMED_OUT: Phrase = {
  en: '🔇 You are timed out on **{server}** for {duration}. Reason: {reason}',
  es: '🔇 Estás silenciado temporalmente en **{server}** durante {duration}. Motivo: {reason}',
  fr: '🔇 Tu es exclu temporairement de **{server}** pour {duration}. Raison : {reason}',
  de: '🔇 Du bist auf **{server}** für {duration} stummgeschaltet. Grund: {reason}',
  pt: '🔇 Você está silenciado em **{server}** por {duration}. Motivo: {reason}',
  it: '🔇 Sei in timeout su **{server}** per {duration}. Motivo: {reason}',
  tr: '🔇 **{server}** sunucusunda {duration} boyunca susturuldun. Sebep: {reason}',
  ru: '🔇 Вам ограничили общение на сервере **{server}** на {duration}. Причина: {reason}',
  ja: '🔇 **{server}** で {duration} のタイムアウトを受けました。理由: {reason}',
  ko: '🔇 **{server}**에서 {duration} 동안 타임아웃되었습니다. 사유: {reason}',
  zh: '🔇 你在 **{server}** 被禁言 {duration}。原因：{reason}',
  ar: '🔇 تم إيقافك مؤقتًا في **{server}** لمدة {duration}. السبب: {reason}',
  hi: '🔇 आपको **{server}** पर {duration} के लिए टाइमआउट किया गया है। कारण: {reason}',
};

export const KICKED: Phrase = {
  en: '👢 You were removed from **{server}**. Reason: {reason}',
  es: '👢 Has sido expulsado de **{server}**. Motivo: {reason}',
  fr: '👢 Tu as été expulsé de **{server}**. Raison : {reason}',
  de: '👢 Du wurdest von **{server}** entfernt. Grund: {reason}',
  pt: '👢 Você foi removido de **{server}**. Motivo: {reason}',
  it: '👢 Sei stato rimosso da **{server}**. Motivo: {reason}',
  tr: '👢 **{server}** sunucusundan atıldın. Sebep: {reason}',
  ru: '👢 Вас исключили с сервера **{server}**. Причина: {reason}',
  ja: '👢 **{server}** からキックされました。理由: {reason}',
  ko: '👢 **{server}**에서 추방되었습니다. 사유: {reason}',
  zh: '👢 你已被移出 **{server}**。原因：{reason}',
  ar: '👢 تمت إزالتك من **{server}**. السبب: {reason}',
  hi: '👢 आपको **{server}** से हटा दिया गया है। कारण: {reason}',
};

export const BANNED: Phrase = {
  en: '⛔ You were banned from **{server}**. Reason: {reason}',
  es: '⛔ Has sido baneado de **{server}**. Motivo: {reason}',
  fr: '⛔ Tu as été banni de **{server}**. Raison : {reason}',
  de: '⛔ Du wurdest von **{server}** gebannt. Grund: {reason}',
  pt: '⛔ Você foi banido de **{server}**. Motivo: {reason}',
  it: '⛔ Sei stato bannato da **{server}**. Motivo: {reason}',
  tr: '⛔ **{server}** sunucusundan yasaklandın. Sebep: {reason}',
  ru: '⛔ Вас забанили на сервере **{server}**. Причина: {reason}',
  ja: '⛔ **{server}** から BAN されました。理由: {reason}',
  ko: '⛔ **{server}**에서 차단되었습니다. 사유: {reason}',
  zh: '⛔ 你已被 **{server}** 封禁。原因：{reason}',
  ar: '⛔ تم حظرك من **{server}**. السبب: {reason}',
  hi: '⛔ आपको **{server}** से प्रतिबंधित कर दिया गया है। कारण: {reason}',
};

export const NO_REASON: Phrase = {
  en: 'none given',
  es: 'no se indicó',
  fr: 'aucune indiquée',
  de: 'keiner angegeben',
  pt: 'não informado',
  it: 'nessuno indicato',
  tr: 'belirtilmedi',
  ru: 'не указана',
  ja: '記載なし',
  ko: '없음',
  zh: '未说明',
  ar: 'لم يُذكر',
  hi: 'नहीं बताया गया',
};

export const UNBANNED: Phrase = {
  en: '✅ Your ban on **{server}** was lifted. Reason: {reason}',
  es: '✅ Se levantó tu baneo en **{server}**. Motivo: {reason}',
  fr: '✅ Ton bannissement de **{server}** a été levé. Raison : {reason}',
  de: '✅ Dein Bann auf **{server}** wurde aufgehoben. Grund: {reason}',
  pt: '✅ Seu banimento em **{server}** foi removido. Motivo: {reason}',
  it: '✅ Il tuo ban su **{server}** è stato revocato. Motivo: {reason}',
  tr: '✅ **{server}** sunucusundaki yasağın kaldırıldı. Sebep: {reason}',
  ru: '✅ Ваш бан на сервере **{server}** снят. Причина: {reason}',
  ja: '✅ **{server}** での BAN が解除されました。理由: {reason}',
  ko: '✅ **{server}**에서의 차단이 해제되었습니다. 사유: {reason}',
  zh: '✅ 你在 **{server}** 的封禁已解除。原因：{reason}',
  ar: '✅ تم رفع حظرك في **{server}**. السبب: {reason}',
  hi: '✅ **{server}** पर आपका प्रतिबंध हटा दिया गया है। कारण: {reason}',
};

/** The moderation log channel's line for a case, in the server's language ({by}: a mention or 🤖). */
export const CASE_LOGGED: Phrase = {
  en: '📋 **Case #{number}** · {action} <@{user}>{duration} · by {by} · Reason: {reason}',
  es: '📋 **Caso #{number}** · {action} <@{user}>{duration} · por {by} · Motivo: {reason}',
  fr: '📋 **Cas n°{number}** · {action} <@{user}>{duration} · par {by} · Raison : {reason}',
  de: '📋 **Fall #{number}** · {action} <@{user}>{duration} · von {by} · Grund: {reason}',
  pt: '📋 **Caso #{number}** · {action} <@{user}>{duration} · por {by} · Motivo: {reason}',
  it: '📋 **Caso #{number}** · {action} <@{user}>{duration} · da {by} · Motivo: {reason}',
  tr: '📋 **Vaka #{number}** · {action} <@{user}>{duration} · {by} tarafından · Sebep: {reason}',
  ru: '📋 **Случай #{number}** · {action} <@{user}>{duration} · модератор {by} · Причина: {reason}',
  ja: '📋 **ケース #{number}** · {action} <@{user}>{duration} · 担当 {by} · 理由: {reason}',
  ko: '📋 **케이스 #{number}** · {action} <@{user}>{duration} · 담당 {by} · 사유: {reason}',
  zh: '📋 **案例 #{number}** · {action} <@{user}>{duration} · 处理人 {by} · 原因：{reason}',
  ar: '📋 **الحالة #{number}** · {action} <@{user}>{duration} · بواسطة {by} · السبب: {reason}',
  hi: '📋 **केस #{number}** · {action} <@{user}>{duration} · {by} द्वारा · कारण: {reason}',
};
