import { describe, expect, it } from 'vitest';
import { adConceptSchema, localConceptGenerator, parseDimensions, type BrandKnowledge } from '../../src/ads/index.ts';
import {
  contrastRatio,
  findPrice,
  fitText,
  MIN_CONTRAST,
  parseColour,
  parseRobots,
  pickPalette,
  readablePair,
  robotsAllows,
  toneOfVoice,
} from '../../src/ads/rules.ts';

describe('dimensions', () => {
  it.each([
    [undefined, { width: 1024, height: 1024 }],
    ['1080x1350', { width: 1080, height: 1350 }],
    [' 1200 X 628 ', { width: 1200, height: 628 }],
    ['256×2048', { width: 256, height: 2048 }],
  ])('%s', (value, expected) => expect(parseDimensions(value)).toEqual(expected));
  it.each(['1024', '100x100', '4096x1024', 'axb', '1024x'])('refuses %s', (value) =>
    expect(() => parseDimensions(value)).toThrow(/The size must be WIDTHxHEIGHT with each side from 256 to 2048/),
  );
});

describe('robots.txt', () => {
  const text = [
    'User-agent: Googlebot',
    'Disallow: /',
    '',
    'User-agent: *',
    'Disallow: /private/',
    'Disallow: /*.pdf$',
    'Allow: /private/press',
    'Crawl-delay: 1',
  ].join('\n');
  it.each([
    ['/', true],
    ['/products/mug', true],
    ['/private/prices', false],
    ['/private/press-kit', true],
    ['/files/catalogue.pdf', false],
    ['/files/catalogue.pdf?x=1', true],
  ])('%s allowed: %s', (path, allowed) => expect(robotsAllows(parseRobots(text), path)).toBe(allowed));
  it('a group naming reclaim-ads wins over *, and Crawl-delay is kept (at most 2 s)', () => {
    const robots = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: reclaim-ads\nDisallow: /cart\nCrawl-delay: 30\n',
    );
    expect(robotsAllows(robots, '/')).toBe(true);
    expect(robotsAllows(robots, '/cart')).toBe(false);
    expect(robots.crawlDelayMs).toBe(2_000);
    expect(parseRobots(text).crawlDelayMs).toBe(1_000);
    expect(robotsAllows(parseRobots(''), '/anything')).toBe(true);
  });
});

describe('colours and contrast', () => {
  it('parses hex and rgb', () => {
    expect(parseColour('#0B6E4F')).toEqual([11, 110, 79]);
    expect(parseColour('#fff')).toEqual([255, 255, 255]);
    expect(parseColour('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColour('teal')).toBeUndefined();
  });
  it.each([
    ['#0b6e4f', '#ffffff'],
    ['#f2c14e', '#111111'],
    ['#777777', '#ffffff'],
    ['#8fbf3f', '#111111'],
  ])('text on %s is %s and reaches 4.5', (bg, text) => {
    const pair = readablePair(parseColour(bg)!);
    expect(`#${pair.text.map((c) => c.toString(16).padStart(2, '0')).join('')}`).toBe(text);
    expect(contrastRatio(pair.background, pair.text)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
  it('the palette prefers saturated, heavily used colours', () => {
    const weights = new Map([
      ['#ffffff', 20],
      ['#111111', 15],
      ['#0b6e4f', 9],
      ['#f2c14e', 3],
    ]);
    expect(pickPalette(weights)).toMatchObject({ primary: '#0b6e4f', accent: '#f2c14e' });
    expect(pickPalette(new Map()).primary).toBe('#203864');
  });
});

describe('text fitting', () => {
  it('shrinks a long headline to fit, and cuts it at the minimum size', () => {
    const short = fitText('Meet the Mug', { width: 900, height: 200, max: 96, min: 34, weight: 'bold' });
    expect(short).toEqual({ fontSize: 96, lines: ['Meet the Mug'] });
    const long = fitText('A much longer headline that will need several lines to fit in the box we give it', {
      width: 900,
      height: 200,
      max: 96,
      min: 34,
      weight: 'bold',
    });
    expect(long.fontSize).toBeLessThan(96);
    expect(long.lines.length * long.fontSize * 1.15).toBeLessThanOrEqual(200);
    const cut = fitText('word '.repeat(200), { width: 300, height: 80, max: 40, min: 30, weight: 'regular' });
    expect(cut.lines.at(-1)).toMatch(/…$/);
  });
});

describe('tone, prices and the local concept generator', () => {
  it.each([
    ['Sustainable, organic and recycled materials.', 'conscious'],
    ['Handcrafted luxury, timeless and elegant.', 'premium'],
    ['Wow! So fun! We love it!', 'playful'],
    ['Our store sells shoes.', 'straightforward'],
  ])('%s reads %s', (text, label) => expect(toneOfVoice(text).label).toBe(label));
  it.each([
    ['$24', { price: '24.00', currency: 'USD' }],
    ['Now £9.99!', { price: '9.99', currency: 'GBP' }],
    ['12,50 EUR', { price: '12.50', currency: 'EUR' }],
    ['free', undefined],
  ])('%s', (text, expected) => expect(findPrice(text)).toEqual(expected));

  const knowledge: BrandKnowledge = {
    website: 'https://fernhill.example/',
    pages: ['https://fernhill.example/'],
    description: 'Rugged drinkware for the outdoors.',
    headings: ['Gear that goes the distance'],
    products: [
      { name: 'Trail Thermos', price: '34.00', currency: 'USD' },
      { name: 'Summit Mug', price: '18.50', currency: 'USD' },
    ],
    images: [],
    palette: { primary: '#0b6e4f', accent: '#f2c14e', colours: [] },
    tone: { label: 'conscious', signals: ['recycled', 'sustainable'] },
  };
  const request = {
    brandName: 'Fernhill',
    knowledge,
    knowledgeText: '',
    campaign: 'Winter sale',
    count: 3,
    variant: 0,
  };
  it('fills its templates from the knowledge and the campaign, the same way every time', async () => {
    const concepts = await localConceptGenerator.generate(request);
    expect(concepts).toHaveLength(3);
    expect(concepts.map((c) => c.headline)).toEqual([
      'Winter sale: Trail Thermos',
      'Summit Mug, just $18.50',
      'Why everyone loves Fernhill',
    ]);
    for (const c of concepts) expect(adConceptSchema.parse(c)).toEqual(c);
    expect(await localConceptGenerator.generate(request)).toEqual(concepts);
    const next = await localConceptGenerator.generate({ ...request, variant: 1 });
    expect(next.map((c) => c.headline)).not.toEqual(concepts.map((c) => c.headline));
  });
});
