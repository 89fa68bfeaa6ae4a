/**
 * Word knowledge the shopper agent reads a question with (pure, no I/O), general English and
 * geography, nothing of one brand:
 * - common words: function words, fillers and everyday adverbs that say how a thing is asked, not
 *   what ("usually", "something", "stuff", "yall"), which no card needs to contain;
 * - the Spanish words US shoppers mix into a text, read as their English word ("envio" → shipping);
 * - places: US states, Canadian provinces and cities, UK nations and cities, and countries, each
 *   with the country a card names it by ("toronto" → canada), so that a card naming the country
 *   answers a question naming the place, and a card naming "other countries" one naming a country
 *   it does not list.
 */

const list = (words: string): Set<string> => new Set(words.trim().split(/\s+/));

/** Words that never carry what a card answers. */
export const COMMON_WORDS = list(`
  a an the this that these those it its it's they them their there here he she his her him we us our you your ur u
  i me my mine im i'm ive i've id i'd ill i'll myself yourself
  is are was were be been being am do does did doing done have has had having will would shall should can could may
  might must wont won't cant can't dont don't doesnt doesn't didnt didn't isnt isn't arent aren't wasnt wasn't
  and or but if so then than too also just only even still already yet ever never again once
  of to in on at by for from with about into onto over under up down out off as
  what whats what's which who whos who's whom whose when whens where wheres why how hows how's
  usually normally typically generally basically actually really pretty quite kinda sorta like literally
  probably maybe perhaps exactly roughly about around approximately
  some any something anything everything nothing stuff thing things somethin smth
  all both each every either neither other another same whole
  much many more most less few lot lots bit
  very so such
  own
  yall y'all ya yo hey hi hello hiya heya eh huh hmm um uh ok okay k kk
  lol lmao haha omg tbh ngl fr lowkey highkey tho though btw rn idk imo jk pls plz please thx thanks ty
  q qs quick question wondering wonder curious asking
  chance able possible possibly way
  til till
  get got gets getting give gives gave go goes going gone went put puts make makes made take takes took know knew
  want wants wanted need needs needed gonna wanna gotta let lemme
  see look looking tell say said think thought mean
  still right now today tonight tomorrow tmrw
  guys guy folks
  mom moms mum dad dads wife husband hubby son daughter kid kids friend friends brother sister bro sis bf gf
  boyfriend girlfriend mother father niece nephew grandson granddaughter grandma grandpa tia tio family
  okay alright sure yes yeah yea yep nope no not nah
`);

/** Spanish words shoppers mix in, read as the English word a card would use. */
export const SPANISH: Readonly<Record<string, string>> = {
  envio: 'shipping',
  envío: 'shipping',
  envios: 'shipping',
  envian: 'ship',
  envían: 'ship',
  enviar: 'ship',
  mandan: 'ship',
  tarda: 'take',
  tardan: 'take',
  cuanto: 'much',
  cuánto: 'much',
  cuesta: 'cost',
  devolverlo: 'return',
  devolverla: 'return',
  devolucion: 'return',
  devolución: 'return',
  devoluciones: 'returns',
  devolver: 'return',
  expira: 'expire',
  expiran: 'expire',
  vence: 'expire',
  cuantos: 'many',
  cuántos: 'many',
  reembolso: 'refund',
  codigo: 'code',
  código: 'code',
  cupon: 'coupon',
  cupón: 'coupon',
  descuento: 'discount',
  botas: 'boots',
  chaqueta: 'jacket',
  talla: 'size',
  tallas: 'size',
  grande: 'large',
  grandes: 'large',
  chica: 'small',
  chicas: 'small',
  chico: 'small',
  chicos: 'small',
  pequeño: 'small',
  pequeña: 'small',
  gratis: 'free',
  dias: 'days',
  días: 'days',
  semana: 'week',
  direccion: 'address',
  dirección: 'address',
  cambiar: 'change',
  tarjeta: 'card',
  regalo: 'gift',
  rebajas: 'sale',
  oferta: 'sale',
};

/** Spanish function words: common, like COMMON_WORDS. */
const SPANISH_COMMON = list(`
  el la los las un una unos unas de del a al en y o u que qué si sí no me mi mis te tu tus su sus se lo le les
  es son está esta estan están hay para por con sin pero como cómo cuando cuándo donde dónde puedo puede pueden
  sirve sirven gusta quiero necesito tienen tiene tengo hola gracias porfa favor ya mas más muy bien
`);

export const isCommonWord = (word: string): boolean => COMMON_WORDS.has(word) || SPANISH_COMMON.has(word);

/** The English word for a Spanish word shoppers mix in (the word itself otherwise). */
export const inEnglish = (word: string): string => SPANISH[word] ?? word;

const US_STATES = `alabama arizona arkansas california colorado connecticut delaware florida georgia idaho
  illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri
  montana nebraska nevada ohio oklahoma oregon pennsylvania tennessee texas utah vermont virginia washington wisconsin
  wyoming jersey carolina dakota cali nyc brooklyn queens manhattan chicago houston phoenix philadelphia philly dallas
  austin denver seattle portland boston atlanta miami detroit vegas nashville baltimore milwaukee sacramento
  minneapolis pittsburgh cleveland cincinnati orlando tampa charlotte raleigh indianapolis columbus kc stl nola sf
  america states usa tx ny nj fl wa il ga az nc sc pa mi mn ma nv ut wi ky tn va md ct nm`;
const CANADA = `canada canadian ontario quebec québec alberta manitoba saskatchewan nova scotia brunswick newfoundland
  labrador yukon nunavut toronto montreal montréal vancouver calgary edmonton ottawa winnipeg halifax victoria
  hamilton kitchener mississauga regina saskatoon bc`;
const UK = `uk britain british england english scotland scottish wales welsh london manchester birmingham liverpool
  leeds glasgow edinburgh bristol cardiff belfast sheffield newcastle nottingham brighton oxford cambridge`;
const OTHER = `mexico méxico australia germany france spain italy ireland japan china india brazil argentina chile
  colombia peru netherlands holland belgium sweden norway denmark finland poland portugal switzerland austria greece
  turkey israel korea philippines singapore thailand vietnam indonesia malaysia nigeria kenya egypt russia ukraine
  zealand nz europe asia africa dubai emirates`;

/** The country a card names for each place. */
const PLACES = new Map<string, 'us' | 'canada' | 'uk' | 'other'>([
  ...[...list(US_STATES)].map((p) => [p, 'us'] as const),
  ...[...list(CANADA)].map((p) => [p, 'canada'] as const),
  ...[...list(UK)].map((p) => [p, 'uk'] as const),
  ...[...list(OTHER)].map((p) => [p, 'other'] as const),
]);

/** The country of a place a shopper names (null: not a place). */
export const countryOf = (word: string): 'us' | 'canada' | 'uk' | 'other' | null => PLACES.get(word) ?? null;

/**
 * Whether a card's words answer about a place: the card names its country (the US as "us", "usa",
 * "states" or "america"), or, for a country it does not name, says what it does for "other countries".
 */
export function cardCoversPlace(place: string, cardWords: ReadonlySet<string>): boolean {
  const country = countryOf(place);
  if (country === null) return false;
  if (cardWords.has(place)) return true;
  if (country === 'us') return ['us', 'usa', 'america', 'states'].some((w) => cardWords.has(w));
  if (country === 'other') return cardWords.has('other') && cardWords.has('countries');
  return cardWords.has(country) || (country === 'uk' && (cardWords.has('britain') || cardWords.has('england')));
}

/**
 * PostgreSQL's English stems (to_tsvector('english', word)) of the words searchTargets gives, so that
 * the cards are searched for them without asking the database (test/agent/words.test.ts checks them).
 */
export const SEARCH_STEMS: Readonly<Record<string, string>> = {
  shipping: 'ship',
  ship: 'ship',
  take: 'take',
  much: 'much',
  many: 'mani',
  cost: 'cost',
  return: 'return',
  returns: 'return',
  refund: 'refund',
  code: 'code',
  coupon: 'coupon',
  discount: 'discount',
  boots: 'boot',
  jacket: 'jacket',
  size: 'size',
  large: 'larg',
  small: 'small',
  free: 'free',
  days: 'day',
  week: 'week',
  address: 'address',
  change: 'chang',
  card: 'card',
  gift: 'gift',
  sale: 'sale',
  expire: 'expir',
  us: 'us',
  canada: 'canada',
  uk: 'uk',
  countries: 'countri',
};

/** The words a card would use for the question's Spanish words and places ("envio" → shipping, "montreal" → canada). */
export function searchTargets(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    if (SPANISH[w]) out.add(SPANISH[w]);
    const country = countryOf(w);
    if (country === 'other') out.add('countries');
    else if (country !== null) out.add(country);
  }
  return [...out];
}

/** searchTargets as the stems the cards are searched for. */
export const searchLexemesOf = (words: readonly string[]): string[] =>
  searchTargets(words).flatMap((w) => (SEARCH_STEMS[w] ? [SEARCH_STEMS[w]] : []));
