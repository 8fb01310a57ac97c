import { LinkifyIt } from 'linkify-it';
import { parse } from 'tldts';
import { editDistance, skeleton } from './text';

/**
 * Scams and phishing: look-alike domains of Discord, Steam, Nitro giveaways and crypto wallets
 * (tldts for the registrable domain; look-alikes folded with confusables and compared by edit
 * distance), masked links whose visible text shows another domain, and the classic
 * "free nitro / steam gift" lures, in many languages, when they come with a link.
 */

/** Brands phishers imitate, with the domains that really belong to them. */
const BRANDS: Record<string, string[]> = {
  discord: [
    'discord.com',
    'discord.gg',
    'discordapp.com',
    'discordapp.net',
    'discord.media',
    'discord.new',
    'discord.gift',
    'discordstatus.com',
    'discord.dev',
  ],
  steam: ['steampowered.com', 'steamcommunity.com', 'steamstatic.com', 'steam.tv', 'steamchina.com'],
  steamcommunity: ['steamcommunity.com'],
  steampowered: ['steampowered.com'],
  nitro: [],
  metamask: ['metamask.io'],
  phantom: ['phantom.app', 'phantom.com'],
  trustwallet: ['trustwallet.com'],
  coinbase: ['coinbase.com'],
  binance: ['binance.com'],
  opensea: ['opensea.io'],
  ledger: ['ledger.com'],
  epicgames: ['epicgames.com'],
  roblox: ['roblox.com'],
};

/** Real sites whose names contain a brand (fan sites, tools, libraries): never flagged. */
const KNOWN_GOOD = new Set([
  'steamdb.info',
  'steamcharts.com',
  'steamgifts.com',
  'steamladder.com',
  'steamspy.com',
  'discordjs.guide',
  'discord.js.org',
  'discordpy.readthedocs.io',
  'discordlookup.com',
  'discordbotlist.com',
  'discords.com',
  'discordservers.com',
  'disboard.org',
  'top.gg',
  'ledgerwallet.com',
  'coinbase.tech',
  'robloxdev.com',
  'discordmerch.com',
  // Libraries whose names read as domains ("discord.py" is a Paraguayan domain to tldts).
  'discord.py',
  'discord.js',
  'discord.net',
  'discord.io',
]);

const OFFICIAL = new Set(Object.values(BRANDS).flat());

/** "Free nitro", "steam gift" and their siblings, folded like any text (skeletons). */
const LURES = [
  'free nitro',
  'nitro free',
  'nitro for free',
  'free discord nitro',
  'nitro giveaway',
  'nitro gift',
  'gift nitro',
  'steam gift',
  'free steam',
  'free skins',
  'free skin',
  'csgo skins',
  'cs2 skins',
  'airdrop',
  'claim your',
  'claim now',
  // es / pt / it
  'nitro gratis',
  'nitro gratuito',
  'regalo de nitro',
  'regalo steam',
  'presente steam',
  'skins gratis',
  // fr
  'nitro gratuit',
  'nitro offert',
  'cadeau steam',
  // de
  'nitro kostenlos',
  'kostenlos nitro',
  'gratis nitro',
  'steam geschenk',
  // tr
  'bedava nitro',
  'ucretsiz nitro',
  // ru / uk
  'бесплатный нитро',
  'бесплатное нитро',
  'нитро бесплатно',
  'бесплатно нитро',
  'халявный нитро',
  'подарок steam',
  // ja / zh / ko
  '無料nitro',
  'nitro無料',
  'ニトロ無料',
  '無料ニトロ',
  '免费nitro',
  'nitro免费',
  '免费的nitro',
  '무료 니트로',
  '니트로 무료',
  '무료nitro',
  // ar / hi
  'نيترو مجاني',
  'نيترو مجانا',
  'मुफ्त नाइट्रो',
  'फ्री नाइट्रो',
].map((l) => ({ lure: l, skel: skeleton(l).replace(/ /g, '') }));

export interface ScamFinding {
  rule: 'look-alike domain' | 'masked link' | 'gift lure';
  detail: string;
}

// Bare domains count too ("dlscord.gift/nitro" without https://): fuzzy links on, plus the TLDs scams favour.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });
linkify.tlds(
  [
    'gift',
    'gifts',
    'xyz',
    'ru',
    'su',
    'ga',
    'gq',
    'ml',
    'cf',
    'tk',
    'top',
    'click',
    'link',
    'fun',
    'site',
    'store',
    'shop',
    'online',
    'app',
    'io',
    'gg',
    'me',
    'cc',
    'pw',
  ],
  true,
);

interface FoundLink {
  domain: string;
  /** Registrable domain without its public suffix ("discord" for discord.com). */
  name: string;
  hostname: string;
}

function domainOf(url: string): FoundLink | null {
  const p = parse(url);
  if (!p.domain || !p.hostname) return null;
  const name = p.domainWithoutSuffix ?? p.domain.split('.')[0];
  return { domain: p.domain.toLowerCase(), name: name.toLowerCase(), hostname: p.hostname.toLowerCase() };
}

/** Every link in the text (bare or masked), with its domain. */
export function linksIn(text: string): FoundLink[] {
  const found: FoundLink[] = [];
  for (const m of linkify.match(text) ?? []) {
    const d = domainOf(m.url);
    if (d) found.push(d);
  }
  return found;
}

function isOfficial(link: FoundLink): boolean {
  return OFFICIAL.has(link.domain) || KNOWN_GOOD.has(link.domain) || KNOWN_GOOD.has(link.hostname);
}

/** Folds a domain name the way an eye reads it: look-alikes, leet, rn→m, vv→w, dashes dropped. */
function readAs(name: string): string {
  return skeleton(name.replace(/rn/g, 'm').replace(/vv/g, 'w')).replace(/[\s-]/g, '').replace(/l/g, 'i');
}

/** Words phishing domains put beside a brand (discord-gift, steam-free-skins). */
const BAIT =
  /gift|free|nitro|claim|promo|drop|bonus|giveaway|reward|airdrop|verify|login|skin|trade|appeal|support|staff|security|wallet/;

/** Close to the brand: equal once read, or one slip away (two for long names), same first letter. */
function lookalike(seen: string, brand: string): boolean {
  if (seen === brand) return true;
  if (!seen || seen[0] !== brand[0]) return false;
  if (brand.length >= 7) return editDistance(seen, brand, 2) <= 2;
  return brand.length >= 5 && seen.length === brand.length && editDistance(seen, brand, 1) <= 1;
}

/** The brand a domain imitates, or null. */
export function imitatedBrand(link: FoundLink): string | null {
  if (isOfficial(link)) return null;
  const seen = readAs(link.name);
  const parts = link.name.split(/[-_.]/).map(readAs);
  const sub = readAs(link.hostname.slice(0, Math.max(0, link.hostname.length - link.domain.length)));
  // Bait words are read on the name as written (reading "l" as "i" would hide "claim").
  const bait = BAIT.test(link.hostname);
  for (const brand of Object.keys(BRANDS)) {
    const b = readAs(brand);
    // A brand with no site of its own (Nitro) counts only beside bait: nitro-drop.xyz, not nitro.build.
    const needsBait = BRANDS[brand].length === 0;
    if (needsBait && !BAIT.test(link.name.replace(brand, ''))) continue;
    if (lookalike(seen, b) || parts.some((p) => lookalike(p, b))) return brand;
    // The brand inside a longer name: discordnitro.xyz, steamgift-free.com.
    if (b.length >= 5 && seen.includes(b) && (b.length >= 7 || BAIT.test(link.name.replace(brand, ''))))
      return brand;
    // A subdomain wearing the brand on a baiting domain: discord.com.gift-claim.ru (not discord.fandom.com)
    if (bait && sub && b.length >= 5 && sub.includes(b)) return brand;
    // The brand split across labels: dis.cord-gift.ru
    if (bait && b.length >= 7 && readAs(link.hostname.replace(/\./g, '')).includes(b)) return brand;
  }
  const punycode = link.hostname.split('.').some((l) => l.startsWith('xn--'));
  return punycode && BAIT.test(link.hostname) ? 'a known site (punycode)' : null;
}

const MASKED = /\[([^\]]{1,200})\]\(\s*<?(https?:\/\/[^\s)>]+)>?\s*\)/gi;

/** The first scam signal in the text, or null. */
export function findScam(text: string): ScamFinding | null {
  for (const m of text.matchAll(MASKED)) {
    const shown = linksIn(m[1])[0];
    const real = domainOf(m[2]);
    if (shown && real && shown.domain !== real.domain) {
      return { rule: 'masked link', detail: `link shows ${shown.domain} but opens ${real.domain}` };
    }
  }
  const links = linksIn(text);
  for (const link of links) {
    const brand = imitatedBrand(link);
    if (brand) return { rule: 'look-alike domain', detail: `${link.domain} imitates ${brand}` };
  }
  const foreign = links.filter((l) => !isOfficial(l));
  if (foreign.length) {
    const flat = skeleton(text).replace(/ /g, '');
    const lure = LURES.find((l) => flat.includes(l.skel));
    if (lure) return { rule: 'gift lure', detail: `"${lure.lure}" with a link to ${foreign[0].domain}` };
  }
  return null;
}
