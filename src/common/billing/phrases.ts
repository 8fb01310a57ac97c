import type { Phrase } from '../phrases';

/** A member used something the server's plan does not include ({feature} is the plan table's label, {plan} its plan). */
export const LOCKED: Phrase = {
  en: '🔒 {feature} needs the {plan} plan on this server. A server admin can upgrade it in the dashboard.',
  es: '🔒 {feature} requiere el plan {plan} en este servidor. Un administrador puede mejorarlo en el panel.',
  fr: '🔒 {feature} nécessite le forfait {plan} sur ce serveur. Un administrateur peut le mettre à niveau dans le tableau de bord.',
  de: '🔒 {feature} erfordert auf diesem Server den {plan}-Plan. Ein Server-Admin kann ihn im Dashboard upgraden.',
  pt: '🔒 {feature} precisa do plano {plan} neste servidor. Um administrador pode fazer o upgrade no painel.',
  it: '🔒 {feature} richiede il piano {plan} su questo server. Un amministratore può aggiornarlo dalla dashboard.',
  tr: '🔒 {feature} bu sunucuda {plan} planı gerektirir. Bir sunucu yöneticisi panelden yükseltebilir.',
  ru: '🔒 Для функции «{feature}» на этом сервере нужен план {plan}. Администратор может улучшить его в панели управления.',
  ja: '🔒 {feature} はこのサーバーで {plan} プランが必要です。サーバー管理者がダッシュボードでアップグレードできます。',
  ko: '🔒 {feature} 기능은 이 서버에서 {plan} 요금제가 필요합니다. 서버 관리자가 대시보드에서 업그레이드할 수 있습니다.',
  zh: '🔒 {feature} 需要本服务器使用 {plan} 套餐。服务器管理员可以在控制面板中升级。',
  ar: '🔒 تتطلب ميزة {feature} خطة {plan} على هذا الخادم. يمكن لمسؤول الخادم الترقية من لوحة التحكم.',
  hi: '🔒 {feature} के लिए इस सर्वर पर {plan} प्लान चाहिए। सर्वर एडमिन डैशबोर्ड में अपग्रेड कर सकते हैं।',
};
