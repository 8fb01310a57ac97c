import type { Phrase } from '../phrases';

/**
 * What /ticket-panel answers staff (ephemeral), in their language: the panel is on its way, or why
 * nothing was posted. Languages the table lacks are translated once by the provider (speakerFor).
 */

export const TICKET_PANEL_QUEUED: Phrase = {
  en: '✅ The ticket panel is being posted in {channel}.',
  es: '✅ El panel de tickets se está publicando en {channel}.',
  fr: '✅ Le panneau de tickets est en cours de publication dans {channel}.',
  de: '✅ Das Ticket-Panel wird in {channel} gepostet.',
  pt: '✅ O painel de tickets está sendo publicado em {channel}.',
};

export const TICKET_PANEL_NEEDS_MANAGE_SERVER: Phrase = {
  en: '❌ /ticket-panel needs the Manage Server permission on this server. Nothing was posted.',
  es: '❌ /ticket-panel necesita el permiso Gestionar servidor en este servidor. No se publicó nada.',
  fr: '❌ /ticket-panel nécessite la permission Gérer le serveur sur ce serveur. Rien n’a été publié.',
  de: '❌ /ticket-panel braucht die Berechtigung „Server verwalten“ auf diesem Server. Nichts wurde gepostet.',
  pt: '❌ /ticket-panel precisa da permissão Gerenciar servidor neste servidor. Nada foi publicado.',
};

export const TICKET_PANEL_NOT_A_TEXT_CHANNEL: Phrase = {
  en: '❌ {channel} is not a text channel of this server: pick a text or announcement channel here. Nothing was posted.',
  es: '❌ {channel} no es un canal de texto de este servidor: elige un canal de texto o de anuncios de aquí. No se publicó nada.',
  fr: '❌ {channel} n’est pas un salon textuel de ce serveur : choisis un salon textuel ou d’annonces d’ici. Rien n’a été publié.',
  de: '❌ {channel} ist kein Textkanal dieses Servers: wähle hier einen Text- oder Ankündigungskanal. Nichts wurde gepostet.',
  pt: '❌ {channel} não é um canal de texto deste servidor: escolha um canal de texto ou de anúncios daqui. Nada foi publicado.',
};

export const TICKET_PANEL_NO_CATEGORIES: Phrase = {
  en: '❌ No ticket categories are set up yet: add them in the dashboard (Support Tickets → Panel and categories), then run /ticket-panel again. Nothing was posted.',
  es: '❌ Aún no hay categorías de tickets: añádelas en el panel de control (Tickets de soporte → Panel y categorías) y vuelve a usar /ticket-panel. No se publicó nada.',
  fr: '❌ Aucune catégorie de tickets n’est encore configurée : ajoute-les dans le tableau de bord (Tickets d’assistance → Panneau et catégories), puis relance /ticket-panel. Rien n’a été publié.',
  de: '❌ Es sind noch keine Ticket-Kategorien eingerichtet: füge sie im Dashboard hinzu (Support-Tickets → Panel und Kategorien) und führe /ticket-panel erneut aus. Nichts wurde gepostet.',
  pt: '❌ Ainda não há categorias de tickets: adicione-as no painel (Tickets de suporte → Painel e categorias) e execute /ticket-panel de novo. Nada foi publicado.',
};

export const TICKET_PANEL_BOT_CANNOT_POST: Phrase = {
  en: '❌ I cannot post in {channel}: give me View Channel and Send Messages there, then try again. Nothing was posted.',
  es: '❌ No puedo publicar en {channel}: dame Ver canal y Enviar mensajes allí y vuelve a intentarlo. No se publicó nada.',
  fr: '❌ Je ne peux pas publier dans {channel} : donne-moi Voir le salon et Envoyer des messages là-bas, puis réessaie. Rien n’a été publié.',
  de: '❌ Ich kann in {channel} nicht posten: gib mir dort „Kanal ansehen“ und „Nachrichten senden“ und versuche es erneut. Nichts wurde gepostet.',
  pt: '❌ Não consigo publicar em {channel}: dê-me Ver canal e Enviar mensagens lá e tente de novo. Nada foi publicado.',
};
