/**
 * The local ad renderer: satori lays the ad out as SVG (Inter, shipped in @fontsource/inter), and
 * @resvg/resvg-js draws it to a PNG at exactly the requested size. The ad: the brand colour as
 * background (darkened or lightened until its text reaches the WCAG contrast of 4.5), the logo
 * (or the brand name), the product image, the headline and body fitted to their boxes, and the
 * call to action as a button in the accent colour.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { AdConcept } from './concepts.ts';
import type { ImageAsset } from './scrape.ts';
import { contrastRatio, fitText, parseColour, readablePair, toHex, type Dimensions, type Rgb } from './rules.ts';

type FontWeight = 400 | 700 | 800;
interface Font {
  name: string;
  data: Buffer;
  weight: FontWeight;
  style: 'normal';
}

let fonts: Promise<Font[]> | undefined;
/** Inter 400, 700 and 800 from the npm package (its `LICENSE` export locates the folder). */
function loadFonts(): Promise<Font[]> {
  fonts ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter/LICENSE'));
    return Promise.all(
      ([400, 700, 800] as const).map(async (weight) => ({
        name: 'Inter',
        data: await readFile(path.join(dir, 'files', `inter-latin-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    );
  })();
  return fonts;
}

export interface RenderInput {
  concept: AdConcept;
  brandName: string;
  palette: { primary: string; accent: string };
  dimensions: Dimensions;
  logo?: ImageAsset;
  productImage?: ImageAsset;
}

export interface RenderedAd {
  png: Buffer;
  width: number;
  height: number;
  /** The contrast ratios reached by the text and the button. */
  contrast: { text: number; button: number };
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }), ...extra },
});
const dataUrl = (asset: ImageAsset) => `data:${asset.type};base64,${asset.data.toString('base64')}`;

/** The colours of an ad: the background and its text, the button and its text, with their contrasts. */
export function adColours(palette: { primary: string; accent: string }) {
  const base = readablePair(parseColour(palette.primary) ?? [32, 56, 100]);
  let button = readablePair(parseColour(palette.accent) ?? base.text);
  // A button that melts into the background is drawn in the text colour instead.
  if (contrastRatio(button.background, base.background) < 1.5)
    button = { background: base.text, text: base.background, ratio: contrastRatio(base.text, base.background) };
  const hex = (rgb: Rgb) => toHex(rgb);
  return {
    background: hex(base.background),
    text: hex(base.text),
    button: hex(button.background),
    buttonText: hex(button.text),
    contrast: { text: base.ratio, button: button.ratio },
  };
}

export async function renderAd(input: RenderInput): Promise<RenderedAd> {
  const { width, height } = input.dimensions;
  const u = Math.min(width, height) / 1024;
  const pad = Math.round(64 * u);
  const inner = width - pad * 2;
  const colours = adColours(input.palette);

  const headline = fitText(input.concept.headline, {
    width: inner,
    height: height * 0.2,
    max: Math.round(96 * u),
    min: Math.round(34 * u),
    weight: 'bold',
  });
  const body = fitText(input.concept.body, {
    width: inner,
    height: height * 0.11,
    max: Math.round(38 * u),
    min: Math.round(24 * u),
    weight: 'regular',
  });
  const ctaSize = Math.round(38 * u);
  // Every block has a known height; the visual gets what is left (at least a tenth of the height).
  const gap = Math.round(16 * u);
  const used =
    Math.round(88 * u) +
    Math.ceil(headline.lines.length * headline.fontSize * 1.15) +
    gap +
    Math.ceil(body.lines.length * body.fontSize * 1.15) +
    Math.round(28 * u) +
    Math.ceil(ctaSize * 1.25 + 36 * u);
  const visualHeight = Math.max(Math.round(height * 0.1), height - pad * 2 - used - gap * 2);

  const top = input.logo
    ? el(
        'img',
        { height: Math.round(80 * u), width: Math.round(320 * u), objectFit: 'contain', objectPosition: 'left' },
        undefined,
        {
          src: dataUrl(input.logo),
        },
      )
    : el('div', { fontSize: Math.round(44 * u), fontWeight: 800, color: colours.text }, input.brandName);
  const visual = input.productImage
    ? el('img', { width: inner, height: visualHeight, objectFit: 'contain' }, undefined, {
        src: dataUrl(input.productImage),
      })
    : el('div', {
        width: Math.round(Math.min(inner, visualHeight * 0.8)),
        height: Math.round(Math.min(inner, visualHeight * 0.8)),
        borderRadius: 9999,
        background: colours.button,
        opacity: 0.85,
      });

  const tree = el(
    'div',
    {
      width,
      height,
      flexDirection: 'column',
      background: colours.background,
      color: colours.text,
      fontFamily: 'Inter',
      padding: pad,
    },
    [
      el('div', { height: Math.round(88 * u), alignItems: 'center' }, top),
      el(
        'div',
        {
          height: visualHeight,
          alignItems: 'center',
          justifyContent: 'center',
          margin: `${gap}px 0`,
        },
        visual,
      ),
      el(
        'div',
        { flexDirection: 'column', fontSize: headline.fontSize, fontWeight: 800, lineHeight: 1.15 },
        headline.lines.map((line) => el('div', {}, line)),
      ),
      el(
        'div',
        {
          flexDirection: 'column',
          fontSize: body.fontSize,
          fontWeight: 400,
          lineHeight: 1.15,
          marginTop: Math.round(16 * u),
        },
        body.lines.map((line) => el('div', {}, line)),
      ),
      el(
        'div',
        { marginTop: Math.round(28 * u) },
        el(
          'div',
          {
            background: colours.button,
            color: colours.buttonText,
            fontSize: ctaSize,
            fontWeight: 700,
            lineHeight: 1.2,
            padding: `${Math.round(18 * u)}px ${Math.round(36 * u)}px`,
            borderRadius: Math.round(14 * u),
          },
          input.concept.call_to_action,
        ),
      ),
    ],
  );

  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: await loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
  return { png: Buffer.from(png), width, height, contrast: colours.contrast };
}
