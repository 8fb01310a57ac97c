import type { DifficultyLevel } from '../../../common/learning/schemas';

/**
 * The built-in vocabulary of /learn, /practice and /quiz: common words and phrases in three
 * levels, each with its translation into every language of DECK_LANGUAGES. Built in, so
 * learning works without a translation provider. Verbs are given in their dictionary form;
 * Portuguese follows the spelling common to Brazil and Portugal.
 */

export const DECK_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'zh', 'ru'] as const;
export type DeckLanguage = (typeof DECK_LANGUAGES)[number];

export interface DeckWord {
  /** Stable id (the English word, kebab-cased). */
  id: string;
  level: DifficultyLevel;
  text: Record<DeckLanguage, string>;
}

type Row = [id: string, ...texts: string[]];

// biome-ignore format: one word per row, in DECK_LANGUAGES order
const BEGINNER: Row[] = [
  ['hello', 'hello', 'hola', 'bonjour', 'hallo', 'ciao', 'olá', 'こんにちは', '안녕하세요', '你好', 'привет'],
  ['goodbye', 'goodbye', 'adiós', 'au revoir', 'auf Wiedersehen', 'arrivederci', 'adeus', 'さようなら', '안녕히 가세요', '再见', 'до свидания'],
  ['thank-you', 'thank you', 'gracias', 'merci', 'danke', 'grazie', 'obrigado', 'ありがとう', '감사합니다', '谢谢', 'спасибо'],
  ['please', 'please', 'por favor', "s'il vous plaît", 'bitte', 'per favore', 'por favor', 'お願いします', '부탁합니다', '请', 'пожалуйста'],
  ['yes', 'yes', 'sí', 'oui', 'ja', 'sì', 'sim', 'はい', '네', '是的', 'да'],
  ['no', 'no', 'no', 'non', 'nein', 'no', 'não', 'いいえ', '아니요', '不是', 'нет'],
  ['water', 'water', 'agua', 'eau', 'Wasser', 'acqua', 'água', '水', '물', '水', 'вода'],
  ['food', 'food', 'comida', 'nourriture', 'Essen', 'cibo', 'comida', '食べ物', '음식', '食物', 'еда'],
  ['house', 'house', 'casa', 'maison', 'Haus', 'casa', 'casa', '家', '집', '房子', 'дом'],
  ['friend', 'friend', 'amigo', 'ami', 'Freund', 'amico', 'amigo', '友達', '친구', '朋友', 'друг'],
  ['family', 'family', 'familia', 'famille', 'Familie', 'famiglia', 'família', '家族', '가족', '家庭', 'семья'],
  ['cat', 'cat', 'gato', 'chat', 'Katze', 'gatto', 'gato', '猫', '고양이', '猫', 'кошка'],
  ['dog', 'dog', 'perro', 'chien', 'Hund', 'cane', 'cão', '犬', '개', '狗', 'собака'],
  ['book', 'book', 'libro', 'livre', 'Buch', 'libro', 'livro', '本', '책', '书', 'книга'],
  ['day', 'day', 'día', 'jour', 'Tag', 'giorno', 'dia', '日', '날', '天', 'день'],
  ['night', 'night', 'noche', 'nuit', 'Nacht', 'notte', 'noite', '夜', '밤', '晚上', 'ночь'],
  ['good', 'good', 'bueno', 'bon', 'gut', 'buono', 'bom', '良い', '좋은', '好', 'хороший'],
  ['big', 'big', 'grande', 'grand', 'groß', 'grande', 'grande', '大きい', '큰', '大', 'большой'],
  ['small', 'small', 'pequeño', 'petit', 'klein', 'piccolo', 'pequeno', '小さい', '작은', '小', 'маленький'],
  ['red', 'red', 'rojo', 'rouge', 'rot', 'rosso', 'vermelho', '赤', '빨간색', '红色', 'красный'],
  ['one', 'one', 'uno', 'un', 'eins', 'uno', 'um', '一', '하나', '一', 'один'],
  ['two', 'two', 'dos', 'deux', 'zwei', 'due', 'dois', '二', '둘', '二', 'два'],
  ['three', 'three', 'tres', 'trois', 'drei', 'tre', 'três', '三', '셋', '三', 'три'],
  ['today', 'today', 'hoy', "aujourd'hui", 'heute', 'oggi', 'hoje', '今日', '오늘', '今天', 'сегодня'],
];

// biome-ignore format: one word per row, in DECK_LANGUAGES order
const INTERMEDIATE: Row[] = [
  ['to-eat', 'to eat', 'comer', 'manger', 'essen', 'mangiare', 'comer', '食べる', '먹다', '吃', 'есть'],
  ['to-drink', 'to drink', 'beber', 'boire', 'trinken', 'bere', 'beber', '飲む', '마시다', '喝', 'пить'],
  ['to-speak', 'to speak', 'hablar', 'parler', 'sprechen', 'parlare', 'falar', '話す', '말하다', '说', 'говорить'],
  ['to-read', 'to read', 'leer', 'lire', 'lesen', 'leggere', 'ler', '読む', '읽다', '读', 'читать'],
  ['to-write', 'to write', 'escribir', 'écrire', 'schreiben', 'scrivere', 'escrever', '書く', '쓰다', '写', 'писать'],
  ['to-learn', 'to learn', 'aprender', 'apprendre', 'lernen', 'imparare', 'aprender', '学ぶ', '배우다', '学习', 'учиться'],
  ['to-understand', 'to understand', 'entender', 'comprendre', 'verstehen', 'capire', 'entender', '分かる', '이해하다', '明白', 'понимать'],
  ['to-travel', 'to travel', 'viajar', 'voyager', 'reisen', 'viaggiare', 'viajar', '旅行する', '여행하다', '旅行', 'путешествовать'],
  ['to-work', 'to work', 'trabajar', 'travailler', 'arbeiten', 'lavorare', 'trabalhar', '働く', '일하다', '工作', 'работать'],
  ['to-buy', 'to buy', 'comprar', 'acheter', 'kaufen', 'comprare', 'comprar', '買う', '사다', '买', 'покупать'],
  ['yesterday', 'yesterday', 'ayer', 'hier', 'gestern', 'ieri', 'ontem', '昨日', '어제', '昨天', 'вчера'],
  ['tomorrow', 'tomorrow', 'mañana', 'demain', 'morgen', 'domani', 'amanhã', '明日', '내일', '明天', 'завтра'],
  ['city', 'city', 'ciudad', 'ville', 'Stadt', 'città', 'cidade', '都市', '도시', '城市', 'город'],
  ['school', 'school', 'escuela', 'école', 'Schule', 'scuola', 'escola', '学校', '학교', '学校', 'школа'],
  ['money', 'money', 'dinero', 'argent', 'Geld', 'soldi', 'dinheiro', 'お金', '돈', '钱', 'деньги'],
  ['question', 'question', 'pregunta', 'question', 'Frage', 'domanda', 'pergunta', '質問', '질문', '问题', 'вопрос'],
  ['answer', 'answer', 'respuesta', 'réponse', 'Antwort', 'risposta', 'resposta', '答え', '대답', '回答', 'ответ'],
  ['beautiful', 'beautiful', 'hermoso', 'beau', 'schön', 'bello', 'bonito', '美しい', '아름다운', '美丽', 'красивый'],
  ['difficult', 'difficult', 'difícil', 'difficile', 'schwierig', 'difficile', 'difícil', '難しい', '어려운', '困难', 'трудный'],
  ['easy', 'easy', 'fácil', 'facile', 'einfach', 'facile', 'fácil', '簡単', '쉬운', '容易', 'лёгкий'],
];

// biome-ignore format: one word per row, in DECK_LANGUAGES order
const ADVANCED: Row[] = [
  ['knowledge', 'knowledge', 'conocimiento', 'connaissance', 'Wissen', 'conoscenza', 'conhecimento', '知識', '지식', '知识', 'знание'],
  ['freedom', 'freedom', 'libertad', 'liberté', 'Freiheit', 'libertà', 'liberdade', '自由', '자유', '自由', 'свобода'],
  ['opportunity', 'opportunity', 'oportunidad', 'opportunité', 'Gelegenheit', 'opportunità', 'oportunidade', '機会', '기회', '机会', 'возможность'],
  ['environment', 'environment', 'medio ambiente', 'environnement', 'Umwelt', 'ambiente', 'meio ambiente', '環境', '환경', '环境', 'окружающая среда'],
  ['government', 'government', 'gobierno', 'gouvernement', 'Regierung', 'governo', 'governo', '政府', '정부', '政府', 'правительство'],
  ['experience', 'experience', 'experiencia', 'expérience', 'Erfahrung', 'esperienza', 'experiência', '経験', '경험', '经验', 'опыт'],
  ['development', 'development', 'desarrollo', 'développement', 'Entwicklung', 'sviluppo', 'desenvolvimento', '発展', '발전', '发展', 'развитие'],
  ['responsibility', 'responsibility', 'responsabilidad', 'responsabilité', 'Verantwortung', 'responsabilità', 'responsabilidade', '責任', '책임', '责任', 'ответственность'],
  ['relationship', 'relationship', 'relación', 'relation', 'Beziehung', 'relazione', 'relacionamento', '関係', '관계', '关系', 'отношения'],
  ['challenge', 'challenge', 'desafío', 'défi', 'Herausforderung', 'sfida', 'desafio', '挑戦', '도전', '挑战', 'вызов'],
  ['society', 'society', 'sociedad', 'société', 'Gesellschaft', 'società', 'sociedade', '社会', '사회', '社会', 'общество'],
  ['decision', 'decision', 'decisión', 'décision', 'Entscheidung', 'decisione', 'decisão', '決定', '결정', '决定', 'решение'],
  ['advantage', 'advantage', 'ventaja', 'avantage', 'Vorteil', 'vantaggio', 'vantagem', '利点', '장점', '优势', 'преимущество'],
  ['necessary', 'necessary', 'necesario', 'nécessaire', 'notwendig', 'necessario', 'necessário', '必要', '필요한', '必要', 'необходимый'],
  ['possible', 'possible', 'posible', 'possible', 'möglich', 'possibile', 'possível', '可能', '가능한', '可能', 'возможный'],
  ['to-achieve', 'to achieve', 'lograr', 'atteindre', 'erreichen', 'raggiungere', 'alcançar', '達成する', '달성하다', '实现', 'достигать'],
  ['to-improve', 'to improve', 'mejorar', 'améliorer', 'verbessern', 'migliorare', 'melhorar', '改善する', '개선하다', '改善', 'улучшать'],
  ['to-suggest', 'to suggest', 'sugerir', 'suggérer', 'vorschlagen', 'suggerire', 'sugerir', '提案する', '제안하다', '建议', 'предлагать'],
  ['to-consider', 'to consider', 'considerar', 'considérer', 'erwägen', 'considerare', 'considerar', '考慮する', '고려하다', '考虑', 'рассматривать'],
  ['to-negotiate', 'to negotiate', 'negociar', 'négocier', 'verhandeln', 'negoziare', 'negociar', '交渉する', '협상하다', '谈判', 'вести переговоры'],
];

function words(level: DifficultyLevel, rows: Row[]): DeckWord[] {
  return rows.map(([id, ...texts]) => ({
    id,
    level,
    text: Object.fromEntries(DECK_LANGUAGES.map((code, i) => [code, texts[i]])) as Record<
      DeckLanguage,
      string
    >,
  }));
}

/** The whole deck in teaching order: beginner words first, then intermediate, then advanced. */
export const DECK: readonly DeckWord[] = [
  ...words('beginner', BEGINNER),
  ...words('intermediate', INTERMEDIATE),
  ...words('advanced', ADVANCED),
];

const byId = new Map(DECK.map((w) => [w.id, w]));

export function deckWord(id: string): DeckWord | undefined {
  return byId.get(id);
}

export function wordsOfLevel(level: DifficultyLevel): DeckWord[] {
  return DECK.filter((w) => w.level === level);
}

export function isDeckLanguage(code: string): code is DeckLanguage {
  return (DECK_LANGUAGES as readonly string[]).includes(code);
}
